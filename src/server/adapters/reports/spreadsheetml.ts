import { xmlText } from './cells';
import type { Column } from './columns';

/** SpreadsheetML parts: styles, content types, relationships, properties, workbook, a worksheet's frame. */

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const REL_TYPE = `${NS_REL}/`;

export const STYLES =
  `${XML_HEAD}<styleSheet xmlns="${NS_MAIN}">` +
  // '#,##0.00' (4), '0' (1) and '0%' (9) are built in
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>' +
  '<numFmt numFmtId="165" formatCode="dd/mm/yyyy hh:mm"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>' +
  '<fill><patternFill patternType="solid"><fgColor rgb="FFE7E6E6"/><bgColor indexed="64"/></patternFill></fill></fills>' +
  '<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border>' +
  '<border><left/><right/><top/><bottom style="thin"><color indexed="64"/></bottom><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="9" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '<dxfs count="0"/><tableStyles count="0" defaultTableStyle="TableStyleMedium2" defaultPivotStyle="PivotStyleLight16"/>' +
  '</styleSheet>';

export function contentTypes(sheetCount: number): string {
  const ct = 'application/vnd.openxmlformats-officedocument';
  let sheets = '';
  for (let i = 1; i <= sheetCount; i++)
    sheets += `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="${ct}.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/xl/workbook.xml" ContentType="${ct}.spreadsheetml.sheet.main+xml"/>` +
    `<Override PartName="/xl/styles.xml" ContentType="${ct}.spreadsheetml.styles+xml"/>` +
    sheets +
    '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
    `<Override PartName="/docProps/app.xml" ContentType="${ct}.extended-properties+xml"/></Types>`
  );
}

export const ROOT_RELS =
  `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">` +
  `<Relationship Id="rId1" Type="${REL_TYPE}officeDocument" Target="xl/workbook.xml"/>` +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
  `<Relationship Id="rId3" Type="${REL_TYPE}extended-properties" Target="docProps/app.xml"/></Relationships>`;

export const APP =
  `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">` +
  '<Application>Microsoft Excel</Application></Properties>';

export function core(created: Date): string {
  const at = `${created.toISOString().slice(0, 19)}Z`;
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<dc:creator>Project Portal</dc:creator>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`
  );
}

export function workbookRels(sheetCount: number): string {
  let rels = '';
  for (let i = 1; i <= sheetCount; i++)
    rels += `<Relationship Id="rId${i}" Type="${REL_TYPE}worksheet" Target="worksheets/sheet${i}.xml"/>`;
  return (
    `${XML_HEAD}<Relationships xmlns="${NS_PKG_REL}">${rels}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_TYPE}styles" Target="styles.xml"/></Relationships>`
  );
}

/** The workbook part, written last: its autofilter names need each sheet's row count. */
export function workbook(sheets: { name: string; filter: string | null }[]): string {
  const quoted = (n: string) => `'${n.replace(/'/g, "''")}'`;
  const names = sheets
    .map((s, i) =>
      s.filter === null
        ? ''
        : `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">${xmlText(
            `${quoted(s.name)}!${s.filter.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2')}`,
          )}</definedName>`,
    )
    .join('');
  const list = sheets
    .map((s, i) => `<sheet name="${xmlText(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('');
  return (
    `${XML_HEAD}<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    `<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="12000" windowHeight="24000"/></bookViews>` +
    `<sheets>${list}</sheets>${names ? `<definedNames>${names}</definedNames>` : ''}` +
    '<calcPr calcId="171027"/></workbook>'
  );
}

/** A worksheet up to its first data row: frozen header pane, column widths, the bold header row. */
export function worksheetHead(columns: Column<unknown>[], letters: string[], widths: number[]): string {
  return (
    `${XML_HEAD}<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">` +
    '<sheetViews><sheetView workbookViewId="0">' +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (columns.length
      ? `<cols>${widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : '') +
    '<sheetData><row r="1">' +
    columns
      .map((c, i) => `<c r="${letters[i]}1" s="1" t="inlineStr"><is><t>${xmlText(c.header)}</t></is></c>`)
      .join('') +
    '</row>'
  );
}

/** A worksheet after its last row: the autofilter over its rows (none without columns) and the page margins. */
export function worksheetTail(filter: string | null): string {
  return (
    '</sheetData>' +
    (filter ? `<autoFilter ref="${filter}"/>` : '') +
    '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
  );
}
