import { Injectable } from '@nestjs/common';
import { greenPrintScale, offeredSubjects, printScaleText, type OfferedSubject } from '@caddie/renderer';
import { GRAPHIC_STYLES, GRAPHIC_SUBJECTS, OUTPUT_DPI, parseGraphicsBody, queryParametersFor, subjectDefaultSizes, graphicsOption } from '@caddie/styles';
import type { Course } from '@caddie/catalog';
import { CoursesService } from '../courses/courses.service';
import { ApiConfig } from '../platform/config/api-config';
import { allowedOverlaysFor } from './allowed-overlays';

/** GET /courses/{courseId}/graphics: what can be drawn of one course, in one document. */
@Injectable()
export class GraphicSubjectsService {
  constructor(
    private readonly courses: CoursesService,
    private readonly config: ApiConfig,
  ) {}

  async list(courseId: string) {
    await this.courses.mappedCourseRow(courseId);
    const { revision, course } = await this.courses.course(courseId);
    const base = `${this.config.publicBaseUrl}/v1/courses/${encodeURIComponent(courseId)}/graphics/images`;
    const format = graphicsOption('format');
    return {
      courseId,
      revision,
      formats: [...(format.type.kind === 'enum' ? format.type.values : []), ...(format.aliases ?? []).map((a) => a.value)],
      styles: [...GRAPHIC_STYLES],
      dpi: { default: OUTPUT_DPI.default, minimum: OUTPUT_DPI.min, maximum: OUTPUT_DPI.max },
      optionsBySubjectType: Object.fromEntries(GRAPHIC_SUBJECTS.map((type) => [type, queryParametersFor(type)])),
      subjects: offeredSubjects(course).map((offered) => ({
        ...offered,
        imageUrl: `${base}/${offered.subject}/{format}`,
        defaultSizes: subjectDefaultSizes(offered.type),
        // what the receipt of a default (Traditional) render of this subject authorizes
        allowedOverlays: allowedOverlaysFor(offered.type, 'traditional'),
        ...defaultPrintScale(course, offered),
      })),
    };
  }
}

/**
 * A green's print scale at its default size and dpi ('1:N', as the Caddie-Print-Scale header of
 * such an image says); other sizes print at N x default width / width.
 */
function defaultPrintScale(course: Course, offered: OfferedSubject): { printScale?: string } {
  if (offered.type !== 'green' || offered.holeNumber === undefined) return {};
  const context = { classification: course.classification, country: course.location.country, region: course.location.region };
  const request = parseGraphicsBody({ subject: { type: 'green', holeNumber: offered.holeNumber } }, context);
  return { printScale: printScaleText(greenPrintScale(course, request).denominator) };
}
