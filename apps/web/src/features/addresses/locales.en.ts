/** The address page (namespace 'addresses'). */
const en = {
  title: 'Address',
  edit: 'Edit {{address}}',
  delete: 'Delete {{address}}',
};

export default en;
