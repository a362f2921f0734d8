// The tagger's word model, computed at build time. compromise builds its part-of-speech model as it
// loads (it unpacks its compressed lexicon and conjugates, pluralises and compares every word in it),
// some 0.3 s of every process that reads English. The build runs that module once and writes what it
// made as one JSON text, which V8 parses in milliseconds; the vendor bundle of compromise loads that
// in its place (build.mjs). Values JSON cannot hold (regular expressions, undefined, a value held in
// two places) are put back by assignments after the parse, and the build fails unless the model so
// made equals compromise's own.
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

/** The module of compromise whose export the build replaces: the pre-tagger's model, expanded. */
export const TAGGER_MODEL_MODULE = resolve('node_modules/compromise/src/2-two/preTagger/model/index.js');

const isContainer = (value) => typeof value === 'object' && value !== null && !(value instanceof RegExp);

/**
 * `model` as JSON, and the assignments that restore what JSON loses: each as [path, what], `what`
 * being a regular expression, undefined, or the path the same object or array was first found at.
 */
function withoutJsonGaps(model) {
  const firstPath = new Map();
  const fixes = [];
  const copy = (value, path) => {
    if (value === undefined || value instanceof RegExp) {
      fixes.push([path, value]);
      return null;
    }
    if (!isContainer(value)) return value;
    if (firstPath.has(value)) {
      fixes.push([path, { sameAs: firstPath.get(value) }]);
      return null;
    }
    firstPath.set(value, path);
    const proto = Object.getPrototypeOf(value);
    if (!Array.isArray(value) && proto !== Object.prototype) throw new Error(`the tagger model holds a ${proto?.constructor?.name} at ${path.join('.')}`);
    if (Array.isArray(value)) return value.map((item, i) => copy(item, [...path, i]));
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copy(item, [...path, key])]));
  };
  return { json: JSON.stringify(copy(model, [])), fixes };
}

const access = (path) => `model${path.map((key) => `[${JSON.stringify(key)}]`).join('')}`;

function moduleSource({ json, fixes }) {
  const restore = fixes.map(([path, what]) => {
    const value = what === undefined ? 'undefined' : what instanceof RegExp ? `new RegExp(${JSON.stringify(what.source)}, ${JSON.stringify(what.flags)})` : access(what.sameAs);
    return `${access(path)} = ${value};`;
  });
  return `const model = JSON.parse(${JSON.stringify(json)});\n${restore.join('\n')}\nexport default model;\n`;
}

/** Each path at which `value` holds an object or array already met, with the path it was met at first. */
function sharedPaths(value) {
  const firstPath = new Map();
  const shared = [];
  const walk = (item, path) => {
    if (!isContainer(item)) return;
    if (firstPath.has(item)) return void shared.push([path, firstPath.get(item)]);
    firstPath.set(item, path);
    for (const [key, child] of Object.entries(item)) walk(child, `${path}.${key}`);
  };
  walk(value, '');
  return JSON.stringify(shared);
}

/** The source of a module that exports the pre-tagger's model as compromise's module does, checked equal to it. */
export async function taggerModelSource() {
  const { default: model } = await import(pathToFileURL(TAGGER_MODEL_MODULE).href);
  const source = moduleSource(withoutJsonGaps(model));
  const { default: rebuilt } = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
  if (!isDeepStrictEqual(rebuilt, model) || sharedPaths(rebuilt) !== sharedPaths(model)) throw new Error('the precomputed tagger model differs from the one compromise builds');
  return source;
}
