import { AD_SLOTS, reservedHeight } from '../../../config/adSlots';

/**
 * The space each slot reserves, per breakpoint, as CSS (no inline style in
 * server-rendered markup: the CSP has no 'unsafe-inline'). A slot is
 * rendered only when the site has an ad network, so with none nothing is
 * reserved.
 */
export function adSlotCss(): string {
  const rules: string[] = [];
  for (const slot of AD_SLOTS) {
    if (slot.renderOutOfThePage) continue;
    for (const entry of slot.sizeMapping) {
      const rule = `.ad-slot--${slot.slotId}{min-height:${reservedHeight(entry)}px}`;
      rules.push(entry.viewport <= 320 ? rule : `@media (min-width:${entry.viewport}px){${rule}}`);
    }
  }
  return rules.join('');
}
