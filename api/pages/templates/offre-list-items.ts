/** A list of offers (`it.items`: title, url, entreprise, place, contract, salary), shared by the list and company pages. */
export const OFFRE_LIST_ITEMS = `<ol class="offres"><% for (const i of it.items) { %><li><h3><a href="<%= i.url %>"><%= i.titre %></a></h3>
<p><%= i.entreprise %><% if (i.place) { %> · <%= i.place %><% } %> · <%= i.contract %><% if (i.salary) { %> · <%= i.salary %><% } %></p></li>
<% } %></ol>
`;

/** Previous / next links of a paged list (`it.pager`). */
export const PAGER = `<% if (it.pager.total > 1) { %><nav class="pages" aria-label="<%= it.t.pagination %>"><% if (it.pager.previous) { %><a href="<%= it.pager.previous %>" rel="prev"><%= it.t.previous %></a><% } else { %><span></span><% } %>
<span><%= it.t.pageOf(it.pager.number, it.pager.total) %></span>
<% if (it.pager.next) { %><a href="<%= it.pager.next %>" rel="next"><%= it.t.next %></a><% } else { %><span></span><% } %></nav>
<% } %>`;
