/** The reviews feature's door (decision 0108, issue 47): the product page's section and what the server reads for it, the dashboard's tiles. */
export { ProductReviews } from './components/ProductReviews';
export { productReviewsQuery } from './api/reviews';
export { ReviewTiles } from './components/ReviewTiles';
