/**
 * Privacy: retention of personal data and inactivity notices, and phone numbers written before E.164.
 * No other area imports this one yet; what one comes to need is exported here, and only here.
 */
export {};
