/**
 * THE declaration of every graphics option: the single place where allowed values, defaults,
 * aliases, subjects and styles live. Everything else reads this list.
 */
import type { GraphicsOption } from './option-declaration';
import { OUTPUT_OPTIONS } from './output-options';
import { STYLE_OPTIONS } from './style-options';
import { CONTEXT_OPTIONS } from './context-options';
import { COMPOSITION_OPTIONS } from './composition-options';
import { GREEN_OPTIONS } from './green-options';
import { PROFILE_OPTIONS } from './profile-options';

export const GRAPHICS_OPTIONS: readonly GraphicsOption[] = [
  ...OUTPUT_OPTIONS,
  ...STYLE_OPTIONS,
  ...CONTEXT_OPTIONS,
  ...COMPOSITION_OPTIONS,
  ...GREEN_OPTIONS,
  ...PROFILE_OPTIONS,
];

const BY_NAME = new Map(GRAPHICS_OPTIONS.map((o) => [o.name, o]));

export function graphicsOption(name: string): GraphicsOption {
  const option = BY_NAME.get(name);
  if (!option) throw new Error(`unknown graphics option ${name}`);
  return option;
}
