/**
 * Talent pools (viviers): pools, their members and invitations, and imports from CSV and XLSX files.
 * No other area imports this one yet; what one comes to need is exported here, and only here.
 */
export {};
