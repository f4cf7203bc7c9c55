/**
 * The version of the CGU / CGV in force (the date of their last change). A member accepts a
 * version; a purchase needs the one in force, so changing the terms means changing this.
 */
export const TERMS_VERSION = '2026-12-07';
