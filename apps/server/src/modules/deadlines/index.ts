/** What other modules may use of the deadlines: the admin answers' due times and the dashboard's overdue count. */
export { attachDeadlines, overdueCountSql, overdueNoticeJob } from './service';
