/** A company's page: who it is, then its open offers. */
export const ENTREPRISE = `<% layout('@layout') %><% const c = it.entreprise; const t = it.t; %>
<section class="card">
<% if (it.logo) { %><img class="logo" src="<%= it.logo %>" alt="" width="96" height="96">
<% } %><h1><%= c.nomEntreprise %></h1>
<dl class="facts">
<% if (c.secteurActivite) { %><dt><%= t.sector %></dt><dd><%= c.secteurActivite %></dd>
<% } %><% if (c.adresseSiege.villeNom) { %><dt><%= t.city %></dt><dd><%= c.adresseSiege.villeNom %></dd>
<% } %><% if (c.anneeCreation) { %><dt><%= t.founded %></dt><dd><%= c.anneeCreation %></dd>
<% } %><% if (c.nombreCollaborateurs) { %><dt><%= t.employees %></dt><dd><%= c.nombreCollaborateurs %></dd>
<% } %><% if (it.website) { %><dt><%= t.website %></dt><dd><a href="<%= it.website %>" rel="nofollow noopener"><%= it.website %></a></dd>
<% } %></dl>
<% if (c.description) { %><div class="text"><%= c.description %></div>
<% } %></section>
<h2><%= t.entrepriseOffres %></h2>
<% if (it.items.length) { %><%~ include('@offre-list-items', it) %><% } else { %><p><%= t.noEntrepriseOffres %></p><% } %>
<%~ include('@pager', it) %>`;
