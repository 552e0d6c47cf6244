/** The list page of offers: the search form (`it.form`), the count, the offers (or `it.emptyText`) and the pager. */
export const OFFRE_LIST = `<% layout('@layout') %><% const t = it.t; const f = it.form; %>
<h1><%= t.listTitle %></h1>
<form class="search card" method="get" action="/emplois" role="search">
<% if (it.head.lang === 'en') { %><input type="hidden" name="lang" value="en">
<% } %><div><label for="q"><%= t.q %></label><input id="q" name="q" type="search" maxlength="200" value="<%= f.q %>"></div>
<div><label for="ville"><%= t.city %></label><select id="ville" name="ville"><option value=""><%= t.anyCity %></option><% for (const c of it.cities) { %><option value="<%= c.slug %>"<%= c.slug === f.ville ? ' selected' : '' %>><%= c.nom %></option><% } %></select></div>
<div><label for="contrat"><%= t.contractLabel %></label><select id="contrat" name="contrat"><option value=""><%= t.anyContract %></option><% for (const [k, label] of Object.entries(t.contract)) { %><option value="<%= k %>"<%= k === f.contrat ? ' selected' : '' %>><%= label %></option><% } %></select></div>
<div><label><input type="checkbox" name="teletravail" value="1"<%= f.teletravail ? ' checked' : '' %>><%= t.remoteOnly %></label><button type="submit"><%= t.search %></button></div>
</form>
<p role="status"><%= t.results(it.total) %></p>
<% if (it.items.length) { %><%~ include('@offre-list-items', it) %><% } else { %><p><%= it.emptyText %></p><% } %>
<%~ include('@pager', it) %>`;
