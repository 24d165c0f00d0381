/** The search feature's door (decision 0108): the header's search bar. */
export { SearchBar } from './components/SearchBar';
