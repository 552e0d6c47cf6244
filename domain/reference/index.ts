/**
 * Reference data: sectors and experience levels, their administration, and their cached reads. No
 * other area imports this one yet; what one comes to need is exported here, and only here.
 */
export {};
