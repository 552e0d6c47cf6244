/** The offer page, with the "applying is free / how to report" note on every offer (`it.offre`: OffreView, `it.place`, `it.open`, `it.salary`, `it.deadline`, `it.published`, `it.entrepriseUrl`, `it.logo`). */
export const OFFRE = `<% layout('@layout') %><% const o = it.offre; const t = it.t; %>
<article class="card">
<% if (!it.open) { %><p class="notice" role="status"><%= t.closed %></p>
<% } %><% if (it.logo) { %><img class="logo" src="<%= it.logo %>" alt="" width="96" height="96">
<% } %><h1><%= o.titre %></h1>
<p class="company"><% if (it.entrepriseUrl) { %><a href="<%= it.entrepriseUrl %>"><%= it.entrepriseNom %></a><% } else { %><%= it.entrepriseNom %><% } %><% if (o.entreprise && o.entreprise.verification && o.entreprise.verification.status === 'VERIFIED') { %> <span class="verified"><%= t.verifiedEmployer %></span><% } %></p>
<dl class="facts" aria-label="<%= t.facts %>">
<% if (it.place) { %><dt><%= t.city %></dt><dd><%= it.place %></dd>
<% } %><dt><%= t.contractLabel %></dt><dd><%= t.contract[o.contractType] %></dd>
<dt><%= t.salary %></dt><dd><%= it.salary ?? t.notGiven %></dd>
<dt><%= t.deadline %></dt><dd><%= it.deadline ?? t.noDeadline %></dd>
<% if (o.departement) { %><dt><%= t.department %></dt><dd><%= o.departement %></dd>
<% } %><% if (o.experience) { %><dt><%= t.experience %></dt><dd><%= o.experience %></dd>
<% } %></dl>
<% if (o.remotePossible) { %><p><%= t.remote %></p>
<% } %><% if (it.published) { %><p class="muted"><%= t.published(it.published) %></p>
<% } %><% if (o.description) { %><h2><%= t.description %></h2>
<div class="text"><%= o.description %></div>
<% } %><% if (o.competences.length) { %><h2><%= t.skills %></h2>
<ul class="tags"><% for (const s of o.competences) { %><li><%= s %></li><% } %></ul>
<% } %><% if (it.open) { %><h2><%= t.apply %></h2>
<p><%= t.applyText(o.id) %></p>
<p><a class="button" href="<%= it.applyUrl %>"><%= t.applyLink %></a></p>
<% } %><p class="notice" role="note"><%= t.applyingIsFree %> <%= t.reportText(o.id) %></p>
</article>
<% if (it.entrepriseUrl) { %><p><a href="<%= it.entrepriseUrl %>"><%= t.seeEntreprise(it.entrepriseNom) %></a></p>
<% } %>`;
