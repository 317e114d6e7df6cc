export { SecuritySection } from './components/security-section';
