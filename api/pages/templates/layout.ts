/**
 * The one base layout of every page: head (title, description, robots, canonical, hreflang
 * alternates, Open Graph and Twitter card tags, JSON-LD), the inlined style sheet, a header with
 * the language switch, the page's body, a footer. `it.body` is the page template's own output
 * (already escaped by it); `it.jsonLd` is JSON made safe for a script element (jsonForScript);
 * `it.css` is our own style sheet. Everything else is escaped here.
 */
export const LAYOUT = `<!doctype html>
<html lang="<%= it.head.lang %>">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title><%= it.head.title %></title>
<% if (it.head.description) { %><meta name="description" content="<%= it.head.description %>">
<% } %><% if (it.head.noindex) { %><meta name="robots" content="noindex">
<% } %><% if (it.head.canonical) { %><link rel="canonical" href="<%= it.head.canonical %>">
<% } %><% for (const a of it.head.alternates ?? []) { %><link rel="alternate" hreflang="<%= a.hreflang %>" href="<%= a.href %>">
<% } %><% if (it.head.og) { const og = it.head.og; %><meta property="og:site_name" content="<%= og.siteName %>">
<meta property="og:type" content="<%= og.type %>">
<meta property="og:title" content="<%= og.title %>">
<meta property="og:description" content="<%= og.description %>">
<meta property="og:url" content="<%= og.url %>">
<meta property="og:locale" content="<%= og.locale %>">
<% if (og.image) { %><meta property="og:image" content="<%= og.image.url %>">
<% if (og.image.type) { %><meta property="og:image:type" content="<%= og.image.type %>">
<% } %><% if (og.image.width) { %><meta property="og:image:width" content="<%= og.image.width %>">
<meta property="og:image:height" content="<%= og.image.height %>">
<% } %><meta property="og:image:alt" content="<%= og.image.alt %>">
<% } %><meta name="twitter:card" content="<%= og.image && og.image.width ? 'summary_large_image' : 'summary' %>">
<meta name="twitter:title" content="<%= og.title %>">
<meta name="twitter:description" content="<%= og.description %>">
<% if (og.image) { %><meta name="twitter:image" content="<%= og.image.url %>">
<meta name="twitter:image:alt" content="<%= og.image.alt %>">
<% } %><% } %><style<% if (it.head.nonce) { %> nonce="<%= it.head.nonce %>"<% } %>><%~ it.css %></style>
<% if (it.head.jsonLd) { %><script type="application/ld+json"><%~ it.head.jsonLd %></script>
<% } %></head>
<body>
<a class="skip" href="#contenu"><%= it.t.skip %></a>
<header class="site"><div class="bar"><a class="brand" href="/emplois"><%= it.t.site %></a><nav aria-label="<%= it.t.site %>"><a href="/emplois<%= it.head.lang === 'en' ? '?lang=en' : '' %>"><%= it.t.offersNav %></a><% if (it.head.otherLanguageUrl) { %><a href="<%= it.head.otherLanguageUrl %>" hreflang="<%= it.t.otherLanguage.lang %>" lang="<%= it.t.otherLanguage.lang %>"><%= it.t.otherLanguage.label %></a><% } %></nav></div></header>
<main id="contenu">
<%~ it.body %>
</main>
<footer><%= it.t.site %></footer>
<% if (it.head.script) { %><script nonce="<%= it.head.nonce %>"><%~ it.head.script %></script>
<% } %></body>
</html>
`;
