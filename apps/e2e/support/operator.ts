/** The operator's details the main end-to-end server is given (the other server has none). */
export const operator = {
  name: 'Atelier Photo SAS',
  address: '12 rue des Arts, 75003 Paris',
  email: 'contact@atelier.test',
  hostingProvider: 'Hébergeur Test, 1 quai du Réseau, 69000 Lyon',
} as const;
