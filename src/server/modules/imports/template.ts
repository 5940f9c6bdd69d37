import ExcelJS from 'exceljs';
import type { DB } from '../../db';
import type { ImportKindModule } from './kinds/types';

/** Rows of a template that carry the lists of allowed values. */
const VALIDATED_ROWS = 5000;

const colName = (n: number) => {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
};

/**
 * A kind's template (.xlsx): per sheet the header row (required columns bold, a note on each saying what it takes)
 * and one example row; where a column takes a value of a list, its cells offer the list (Excel's data validation,
 * the values on a hidden "Lists" sheet; a cell of several values warns instead of refusing).
 */
export async function templateOf(db: DB, kind: ImportKindModule): Promise<Buffer> {
  const allowed = await kind.allowed(db);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Project Portal';
  const sheets = kind.sheets.map((def) => ({ def, ws: wb.addWorksheet(def.name) }));
  const lists = wb.addWorksheet('Lists', { state: 'hidden' });
  let listCol = 0;
  for (const { def, ws } of sheets) {
    ws.columns = def.columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: Math.max(14, c.label.length + 4),
    }));
    const header = ws.getRow(1);
    def.columns.forEach((c, i) => {
      const cell = header.getCell(i + 1);
      cell.font = { bold: !!c.required };
      const note = [c.required ? 'Required' : 'Optional', c.note].filter(Boolean).join('. ');
      cell.note = note;
    });
    ws.views = [{ state: 'frozen', ySplit: 1 }];
    ws.addRow(def.columns.map((c) => (c.example ? c.example : (allowed[c.key]?.[0] ?? ''))));
    def.columns.forEach((c, i) => {
      const values = allowed[c.key];
      if (!values || values.length === 0) return;
      listCol++;
      const lc = colName(listCol);
      lists.getCell(`${lc}1`).value = `${def.name} › ${c.label}`;
      values.forEach((v, at) => (lists.getCell(`${lc}${at + 2}`).value = v));
      const col = colName(i + 1);
      (
        ws as unknown as { dataValidations: { add(range: string, v: ExcelJS.DataValidation): void } }
      ).dataValidations.add(`${col}2:${col}${VALIDATED_ROWS}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`Lists!$${lc}$2:$${lc}$${values.length + 1}`],
        showErrorMessage: !c.multi,
        errorStyle: c.multi ? 'warning' : 'stop',
        error: `Choose a value of the list (${c.label})`,
      });
    });
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const templateFileName = (kind: ImportKindModule) => `${kind.kind}-import-template.xlsx`;
