/** Template id and options in, the normalized request (every default filled) out. */
import { inputExcerpt } from '@caddie/json-input';
import { findTemplate, type TemplateRef } from '../templates/template-catalog';
import { parseOptionValue } from '../templates/template-option';
import { PrintableRequestError, type PrintableParameterProblem } from './printable-errors';

export interface PrintableRequest {
  template: TemplateRef;
  /** normalized: every declared option present with its value or default, keys sorted */
  options: Record<string, unknown>;
}

/** How many of a request's problems its message names. */
const MESSAGE_PROBLEMS = 5;
const TEMPLATE_REF = /^[a-z][a-z0-9-]*@[1-9]\d{0,3}$/;

export function parsePrintableRequest(templateId: string, rawOptions: unknown): PrintableRequest {
  if (typeof templateId !== 'string' || !TEMPLATE_REF.test(templateId)) {
    throw new PrintableRequestError('invalid-printable-template', 400, 'a template is named family@version, e.g. yardage-book@1', [
      { parameter: 'template', code: 'invalid-printable-template', detail: `${inputExcerpt(templateId)} is not family@version` },
    ]);
  }
  const template = findTemplate(templateId);
  if (!template) {
    throw new PrintableRequestError('printable-template-not-found', 404, `there is no template ${templateId}`, [
      { parameter: 'template', code: 'printable-template-not-found', detail: `${templateId} is not published` },
    ]);
  }
  const raw = rawOptions ?? {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw new PrintableRequestError('invalid-printable-request', 400, 'options must be a JSON object', [
      { parameter: 'options', code: 'invalid-parameter', detail: 'expected an object' },
    ]);
  }
  const problems: PrintableParameterProblem[] = [];
  const given = raw as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!template.options.some((o) => o.name === key)) {
      problems.push({
        parameter: `options.${key}`,
        code: 'unknown-printable-option',
        detail: `${template.id} takes ${template.options.map((o) => o.name).join(', ')}`,
      });
    }
  }
  const options: Record<string, unknown> = {};
  for (const option of [...template.options].sort((a, b) => a.name.localeCompare(b.name))) {
    const value = given[option.name];
    if (value === undefined || value === null) {
      if (option.default !== null) options[option.name] = option.default;
      continue;
    }
    const parsed = parseOptionValue(option, value);
    if (parsed.ok) options[option.name] = parsed.value;
    else problems.push({ parameter: `options.${option.name}`, code: 'invalid-printable-option', detail: parsed.detail });
  }
  if (problems.length > 0) {
    const code = problems.length === 1 ? problems[0].code : 'invalid-printable-request';
    // the message names the first few; errors[] has them all
    const named = problems.slice(0, MESSAGE_PROBLEMS).map((p) => `${p.parameter}: ${p.detail}`);
    if (problems.length > MESSAGE_PROBLEMS) named.push(`and ${problems.length - MESSAGE_PROBLEMS} more`);
    throw new PrintableRequestError(code, 400, named.join('; '), problems);
  }
  return { template: template.id, options };
}
