import type { FastifyInstance } from 'fastify';
import { endpoints } from '@domain/contract/endpoints';
import { REPORT_FILE_NAMES, RULES, reportRule } from '@domain/rules';
import { sendWorkbook, XLSX_CONTENT_TYPE } from '../../adapters/reports';
import { on } from '../../platform/endpoint';
import { sendStoredFile } from '../../platform/files';
import { reportJobsOf } from './jobs';
import { REPORTS, type BuiltReport } from './registry';

const tags = ['reports'];
const E = endpoints.reports;

/**
 * Report downloads (spec 002 §2.11, §7 "Report downloads"): GET /api/reports/<name> streams the workbook
 * (exceljs through the report kit: display values, Yes/No, real date cells; the file name of REPORT_FILE_NAMES),
 * each with its report's rule (REPORT_SCOPES). The long ones (LONG_REPORTS) also run as jobs: POST
 * /api/report-jobs → 202, GET /api/report-jobs/{id}, GET /api/report-jobs/{id}/file. The job routes declare
 * the admin area; the report's own rule is checked by the service (403 with its message), since the report
 * is named in the body.
 */
export default async function reportsRoutes(app: FastifyInstance) {
  const jobs = reportJobsOf(app);

  for (const name of Object.keys(REPORTS) as BuiltReport[]) {
    const report = REPORTS[name];
    on(app, report.endpoint, { tags, config: { access: reportRule(name) } }, (req, reply) =>
      sendWorkbook(
        reply,
        REPORT_FILE_NAMES[name],
        (report.build as (...a: unknown[]) => ReturnType<typeof report.build>)(app.db, req.query, new Date()),
      ),
    );
  }

  on(app, E.createJob, { tags, config: { access: RULES.adminArea } }, async (req, reply) => {
    const job = await jobs.create(req.user, req.body.report, req.body.params);
    return reply.code(202).send(job);
  });
  on(app, E.job, { tags, config: { access: RULES.adminArea } }, (req) => jobs.get(req.user, req.params.id));
  on(app, E.jobFile, { tags, config: { access: RULES.adminArea } }, async (req, reply) => {
    const f = await jobs.file(req.user, req.params.id);
    return sendStoredFile(reply, f.stream as never, {
      fileName: f.fileName,
      contentType: XLSX_CONTENT_TYPE,
      size: f.size,
    });
  });
}
