/** Texts the layout and shared components use (namespace 'common'). */
const en = {
  brand: 'Haat',
  homeLink: 'Haat home',
  menu: 'Menu',
  language: {
    /** The toggle is named after the language it switches to (issue 14 contract). */
    switchTo: 'বাংলা',
    switchHint: 'Switch the shop to Bangla',
  },
};

export default en;
