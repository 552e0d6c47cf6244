/**
 * The blog: articles, categories, covers, comments and their moderation. No other area imports this
 * one yet; what one comes to need is exported here, and only here.
 */
export {};
