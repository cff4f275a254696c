export { courseCompleteness, courseQuality, qualityOf, statedHoleCount, type QualityEvidence } from './course-quality';
