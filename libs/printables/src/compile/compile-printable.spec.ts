import { compilePrintable } from './compile-printable';
import { parsePrintableRequest } from './printable-request';
import { demoCourse } from '../testing/demo-course.fixture';

describe('compilePrintable', () => {
  const { course, revision } = demoCourse('demo-pine-hollow');

  it('plans a yardage book: cover, overview, a hole and a green page per hole, notes', () => {
    const manifest = compilePrintable(course, revision, parsePrintableRequest('yardage-book@1', {}));
    expect(manifest.pages.map((p) => p.kind).slice(0, 4)).toEqual(['cover', 'course-overview', 'hole', 'green']);
    expect(manifest.pages.filter((p) => p.kind === 'hole')).toHaveLength(18);
    expect(manifest.pages.filter((p) => p.kind === 'green')).toHaveLength(18);
    expect(manifest.pages.filter((p) => p.kind === 'notes')).toHaveLength(2);
    expect(manifest.page).toMatchObject({ size: 'pocket', widthIn: 4.25, heightIn: 7, bleedIn: 0.125, dpi: 300 });
    expect(manifest.rules).toBe('rule-4.3');
    expect(manifest.compliance.compliant).toBe(true);
  });
});
