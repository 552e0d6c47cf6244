/**
 * What the public HTML pages read: offer and company pages, offer lists, and the landings of emailed
 * links. No other area imports this one yet; what one comes to need is exported here, and only here.
 */
export {};
