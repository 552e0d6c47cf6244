/**
 * A short page with a heading, a message and what to do next: landing pages of emailed links,
 * 404 and 503 pages, and the pages of html-page.ts (`it.markup`: markup built by a template of ours).
 */
export const MESSAGE = `<% layout('@layout') %>
<section class="card">
<% if (it.heading) { %><h1><%= it.heading %></h1>
<% } %><% for (const p of it.paragraphs ?? []) { %><p<% if (it.tone) { %> class="<%= it.tone === 'ok' ? 'ok' : 'notice' %>" role="status"<% } %>><%= p %></p>
<% } %><% if (it.form) { %><form method="post" action="<%= it.form.action %>"><button type="submit"><%= it.form.button %></button></form>
<% } %><%~ it.markup ?? '' %><% if (it.link) { %><p><a href="<%= it.link.href %>"><%= it.link.label %></a></p>
<% } %></section>`;
