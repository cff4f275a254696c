import { createHash } from 'node:crypto';
import { canonicalJson } from '@caddie/catalog';
import { describeTemplate, listTemplates } from './template-catalog';
import { parsePrintableRequest } from '../compile/printable-request';
import { PrintableRequestError } from '../compile/printable-errors';

describe('template catalog', () => {
  it('publishes the six templates and their later versions, each with its option schema generated from its declaration', () => {
    const ids = listTemplates().map((t) => t.id);
    expect(ids).toEqual([
      'yardage-book@1',
      'green-book@1',
      'hole-sheet@1',
      'pin-sheet@1',
      'scorecard@1',
      'course-poster@1',
      'yardage-book@2',
      'green-book@2',
      'pin-sheet@2',
      'hole-sheet@2',
      'course-poster@2',
      'yardage-book@3',
      'green-book@3',
      'hole-sheet@3',
    ]);
    const book = describeTemplate('yardage-book@1')!;
    expect(book).toMatchObject({ family: 'yardage-book', version: 1, purpose: 'play', defaultPageSize: 'pocket', pageSizes: ['pocket', 'a6'] });
    const schema = book.options as { type: string; additionalProperties: boolean; properties: Record<string, Record<string, unknown>> };
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(schema.properties.rules).toMatchObject({ type: 'string', enum: ['rule-4.3', 'none'], default: 'rule-4.3' });
    expect(schema.properties.greenScale).toMatchObject({ type: 'integer', minimum: 120, default: 480 });
    // version 2 of the books: greens at 1:500 by default, a margin over the Rule 4.3 limit
    for (const id of ['yardage-book@2', 'green-book@2'])
      expect(describeTemplate(id)!.options).toMatchObject({ properties: { greenScale: { minimum: 120, default: 500 } } });
    expect(describeTemplate('pin-sheet@2')!.options).toMatchObject({ properties: { mappedPin: { type: 'boolean', default: false } } });
    for (const id of ['hole-sheet@2', 'course-poster@2'])
      expect(describeTemplate(id)!.options).toMatchObject({ properties: { playFurniture: { type: 'boolean', default: false } } });
    expect(describeTemplate('course-poster@1')!.options).toMatchObject({
      properties: { rules: { default: 'none' }, pageSize: { enum: ['poster-18x24', 'poster-24x36', 'a2', 'a1'] } },
    });
  });

  it('knows no unpublished version or family', () => {
    expect(describeTemplate('yardage-book@4')).toBeUndefined();
    expect(describeTemplate('menu@1')).toBeUndefined();
  });

  it('the schema and the parser agree: every default in the schema is what parsing {} gives', () => {
    for (const template of listTemplates()) {
      const properties = (template.options as { properties: Record<string, { default?: unknown }> }).properties;
      const parsed = parsePrintableRequest(template.id, {});
      for (const [name, schema] of Object.entries(properties)) expect(parsed.options[name]).toEqual(schema.default);
    }
  });
});

describe('parsePrintableRequest', () => {
  const fail = (template: string, options: unknown): PrintableRequestError => {
    try {
      parsePrintableRequest(template, options);
    } catch (error) {
      if (error instanceof PrintableRequestError) return error;
      throw error;
    }
    throw new Error('expected a PrintableRequestError');
  };

  it('fills defaults and normalizes string values as the CLI sends them', () => {
    const request = parsePrintableRequest('yardage-book@1', { pageSize: 'a6', notesPages: '0', cropMarks: 'true' });
    expect(request.template).toBe('yardage-book@1');
    expect(request.options).toMatchObject({ pageSize: 'a6', notesPages: 0, cropMarks: true, rules: 'rule-4.3', dpi: 300, bleed: true, imposition: 'none' });
    expect(Object.keys(request.options)).toEqual([...Object.keys(request.options)].sort());
  });

  it('answers 404 for an unknown template or version and 400 for a malformed name', () => {
    expect(fail('yardage-book@9', {})).toMatchObject({ status: 404, code: 'printable-template-not-found' });
    expect(fail('yardage book', {})).toMatchObject({ status: 400, code: 'invalid-printable-template' });
  });

  it('names the option a template does not take, and every invalid value', () => {
    const unknown = fail('hole-sheet@1', { greenScale: 480 });
    expect(unknown).toMatchObject({ status: 400, code: 'unknown-printable-option' });
    expect(unknown.errors[0].parameter).toBe('options.greenScale');
    const several = fail('yardage-book@1', { pageSize: 'letter', dpi: 5000 });
    expect(several.code).toBe('invalid-printable-request');
    expect(several.errors.map((e) => e.parameter).sort()).toEqual(['options.dpi', 'options.pageSize']);
    expect(fail('yardage-book@1', [1])).toMatchObject({ status: 400, code: 'invalid-printable-request' });
  });
});

describe('published templates are immutable', () => {
  // A changed fingerprint means a published template changed: publish family@(version+1) instead
  // and keep the old declaration, so printables ordered earlier re-render as they were.
  const PUBLISHED: Record<string, string> = {
    'yardage-book@1': '7090187248230cf7',
    'green-book@1': '2e5bfd76af3df4cf',
    'hole-sheet@1': '689b6c6b5191ba6c',
    'pin-sheet@1': 'fd6dc5a66271e240',
    'scorecard@1': '68e26956d8e4f48d',
    'course-poster@1': 'd26294b771197cae',
    'yardage-book@2': 'f7fe7e0436479d9d',
    'green-book@2': '6eff0ddc0a791fc2',
    'pin-sheet@2': 'd8d367af8c2d6c90',
    'hole-sheet@2': 'd80f69a728c72eb3',
    'course-poster@2': '709cdc7cc8e8ab24',
    'yardage-book@3': 'b85c988e01878194',
    'green-book@3': '40dbd8357d2f6699',
    'hole-sheet@3': '1def9c8dc2e2c186',
  };

  it('each published template keeps the declaration it was published with', () => {
    const fingerprints = Object.fromEntries(listTemplates().map((t) => [t.id, createHash('sha256').update(canonicalJson(t)).digest('hex').slice(0, 16)]));
    expect(fingerprints).toEqual(PUBLISHED);
  });
});
