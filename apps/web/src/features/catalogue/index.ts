/** The catalogue feature's door (decision 0108): the home page, which the first bundle carries with what it reads (decision 0094). */
export { HomePage, homeReads } from './pages/HomePage';
