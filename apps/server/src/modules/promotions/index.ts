/**
 * What other modules may use of promotions (docs/ARCHITECTURE.md: a module's public door): orders price an order's
 * promotions in its transaction and record their uses. Uses are given back by order-status (transitionOrder).
 * Returns re-price an order's kept goods with its promotions (repricingTerms, issue 41). The checkout's advance
 * preview prices by the quote the checkout shows (quotePromotions, decision 0130).
 */
export { loadPromotionContext, priceOrderPromotions, promotionUsesOf, quotePromotions, repricingTerms } from './service';
