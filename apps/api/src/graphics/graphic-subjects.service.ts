import { Injectable } from '@nestjs/common';
import { offeredSubjects } from '@caddie/renderer';
import { GRAPHIC_STYLES, GRAPHIC_SUBJECTS, OUTPUT_DPI, queryParametersFor, subjectDefaultSizes, graphicsOption } from '@caddie/styles';
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
      })),
    };
  }
}
