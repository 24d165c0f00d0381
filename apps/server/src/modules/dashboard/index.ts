/** What other modules may use of the dashboard: its low-stock level. */
export { readDashboardSettings } from './service';
