/**
 * The password-reset form (api/routes/reset-password-page.ts): a real `method="post"` form, the
 * emailed token in a hidden field, and a status line the page's script writes into.
 */
export const RESET_PASSWORD = `<% layout('@layout') %>
<section class="card">
<h1><%= it.heading %></h1>
<form id="reset" method="post" action="<%= it.action %>">
<input type="hidden" name="token" value="<%= it.token %>">
<label for="password"><%= it.labels.password %></label>
<input id="password" name="password" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<label for="confirm"><%= it.labels.confirm %></label>
<input id="confirm" name="confirm" type="password" minlength="8" maxlength="200" autocomplete="new-password" required>
<p><button type="submit"><%= it.labels.submit %></button></p>
</form>
<p id="result" role="status"></p>
</section>`;
