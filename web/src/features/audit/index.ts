export { AccountActivity } from './components/account-activity';
export { RecentActivity } from './components/recent-activity';
