/**
 * The schema VS Code's JSON language service gets (contributes.jsonValidation): the tracelint
 * schema with its descriptions, structure and value suggestions, but without the keywords that
 * make VS Code report problems. tracelint's server enforces the real schema (rules invalid-type,
 * missing-field, invalid-value) with exact positions and fixes; VS Code would report the same
 * defects a second time. `if` blocks are kept whole: they only select which `then` applies (and
 * so which descriptions a hover shows) and never report anything themselves.
 */
const VALIDATION = new Set([
  'type', 'required', 'const', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'multipleOf', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'uniqueItems',
  'contains', 'minProperties', 'maxProperties', 'propertyNames', 'dependencies', 'not',
  'errorMessage', 'deprecationMessage', 'doNotSuggest',
]);

export function editorSchema(schema) {
  return strip(schema, false);
}

function strip(node, inIf) {
  if (Array.isArray(node)) {
    return node.map((n) => strip(n, inIf));
  }
  if (node === null || typeof node !== 'object') {
    return node;
  }
  if (inIf) {
    return structuredClone(node);
  }
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'if') {
      out.if = strip(value, true);
    } else if (key === 'enum' || key === 'const') {
      // keep the allowed values as suggestions (completion) without enforcing them
      const values = key === 'enum' ? value : [value];
      out.examples = [...(out.examples ?? []), ...values];
    } else if (key === 'additionalProperties' && value === false) {
      // dropped: an unknown key is not an error here
    } else if (key === 'oneOf') {
      out.anyOf = strip(value, false); // stripped branches all match: oneOf would then fail
    } else if (VALIDATION.has(key)) {
      // dropped
    } else if (key === 'properties' || key === 'definitions' || key === 'patternProperties') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v, false)]));
    } else {
      out[key] = strip(value, false);
    }
  }
  if (out.examples) {
    out.examples = [...new Set(out.examples.map((v) => JSON.stringify(v)))].map((v) => JSON.parse(v));
  }
  return out;
}
