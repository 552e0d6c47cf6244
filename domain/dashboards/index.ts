/**
 * Dashboards: the candidate's, the recruiter's, and the administrators' statistics and chart. No other
 * area imports this one yet; what one comes to need is exported here, and only here.
 */
export {};
