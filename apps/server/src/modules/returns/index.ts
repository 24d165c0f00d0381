/**
 * What the app wires in of returns (issue 27, decision 0075): a courier's partial delivery or return as a return
 * record, and the owner's cancel "cannot be supplied" (both reached through AppDeps by earlier modules).
 */
export { cancelledUnsupplied, recordCourierReturn } from './service';
