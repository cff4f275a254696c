import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The whole catalog snapshot of one course (the model of libs/catalog as JSON), with its revision. */
@Entity('course_documents')
export class CourseDocumentEntity {
  @PrimaryColumn({ name: 'course_id', type: 'varchar', length: 100 })
  courseId!: string;

  @Column({ type: 'varchar', length: 71 })
  revision!: string;

  @Column({ type: 'text' })
  document!: string;
}
