/** The reviews module's door (issue 47, decision 0124). */
export { reviewRoutes } from './routes';
export { askForReviewsOnDelivery, handleReviewRequests, reviewRequestJob } from './requests';
export { reviewsForLd, type LdReview } from './queries';
