// The module's public face: how a supplier's cost becomes a retail price (the markup rules and their
// arithmetic). Repricing what they price is pricing's work; feeds and hand-entered stones use them.
export { retailCents, type MarkupRule } from './markup.ts';
export { markupRules, replaceMarkupRules, retailFromCost } from './rules.ts';
