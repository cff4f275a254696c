/**
 * Id, name, location and classification of a course, from its boundary object's tags.
 */
import { COURSE_ID_PATTERN, type CourseLocation } from '../model';
import { localProjection, roundCoordinate, shapeCentroid, toPlanarShape, geometryBounds } from './planar-geometry';
import type { TaggedFeature } from './tagged-feature';

export interface CourseIdentity {
  id: string;
  name: string;
  nameFromTag: boolean;
  location: CourseLocation;
  classification: string | null;
  contact: Record<string, unknown> | null;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ð/g, 'd')
    .replace(/þ/g, 'th')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** 'way/871993734' → 'osm-way-871993734'; with a sub-course, '-<slug>' is appended. */
export function osmCourseId(boundaryId: string, subCourse: string | null): string {
  const base = `osm-${slugify(boundaryId)}`;
  const slug = subCourse ? slugify(subCourse) : '';
  const id = (slug ? `${base}-${slug}` : base).slice(0, 96).replace(/-+$/, '');
  if (!COURSE_ID_PATTERN.test(id)) throw new Error(`cannot form a course id from ${boundaryId}`);
  return id;
}

export function courseIdentity(boundary: TaggedFeature, subCourse: string | null): CourseIdentity {
  const tags = boundary.tags;
  const tagName = tags['name']?.trim() || null;
  const baseName = tagName ?? `Golf course ${boundary.id}`;
  const box = geometryBounds(boundary.geometry);
  const projection = localProjection([(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]);
  const [longitude, latitude] = projection.toLonLat(shapeCentroid(toPlanarShape(boundary.geometry, projection)));
  const country = (tags['iso_country'] ?? tags['addr:country'] ?? '').trim().toUpperCase();
  return {
    id: osmCourseId(boundary.id, subCourse),
    name: subCourse ? `${baseName} – ${subCourse}` : baseName,
    nameFromTag: tagName !== null,
    location: {
      city: tags['addr:city']?.trim() || null,
      region: tags['addr:state']?.trim() || tags['addr:province']?.trim() || null,
      country: /^[A-Z]{2}$/.test(country) ? country : null,
      longitude: roundCoordinate(longitude),
      latitude: roundCoordinate(latitude),
    },
    classification: classificationOf(tags),
    contact: contactOf(tags),
  };
}

function classificationOf(tags: Record<string, string>): string | null {
  const explicit = (tags['golf:course:type'] ?? tags['golf:course'] ?? '').trim().toLowerCase();
  if (explicit) return explicit;
  const access = (tags['access'] ?? '').trim().toLowerCase();
  if (access === 'private' || access === 'members' || access === 'no') return 'private';
  if (access === 'yes' || access === 'public' || access === 'permissive') return 'public';
  if (access === 'customers') return 'customers';
  return null;
}

function contactOf(tags: Record<string, string>): Record<string, unknown> | null {
  const contact: Record<string, string> = {};
  for (const [key, field] of [
    ['website', 'website'],
    ['contact:website', 'website'],
    ['phone', 'phone'],
    ['contact:phone', 'phone'],
    ['email', 'email'],
    ['contact:email', 'email'],
  ] as const) {
    const value = tags[key]?.trim();
    if (value && contact[field] === undefined) contact[field] = value;
  }
  return Object.keys(contact).length > 0 ? contact : null;
}
