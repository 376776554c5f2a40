// Northwind CRM's own code: a hash router for its sections, and an ear for EstateDesk's events.
// EstateDesk never rewrites this page's fragment: its widgets route in memory.
(function () {
  function route() {
    var path = (location.hash || '#/contacts').slice(1);
    document.querySelectorAll('[data-route]').forEach(function (section) {
      section.hidden = section.getAttribute('data-route') !== path;
    });
    document.querySelectorAll('.topbar nav a').forEach(function (a) {
      if (a.getAttribute('href') === '#' + path) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
  }
  window.addEventListener('hashchange', route);
  route();

  var status = document.getElementById('estatedesk-status');
  var activity = document.getElementById('activity');
  function log(text) {
    var item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString() + ' — ' + text;
    activity.appendChild(item);
  }

  // Queued until the runtime arrives (the snippet in <head> makes these calls safe this early).
  EstateDesk('on', 'signed-in', function (payload) {
    var user = payload && payload.user;
    status.textContent = 'EstateDesk: signed in as ' + ((user && (user.name || user.email)) || 'someone');
    log('signed in');
  });
  EstateDesk('on', 'signed-out', function () {
    status.textContent = 'EstateDesk: signed out';
    log('signed out');
  });
  EstateDesk('ready', function (api) {
    var user = api.user();
    status.setAttribute('data-version', api.version);
    status.textContent = user ? 'EstateDesk: signed in as ' + (user.name || user.email) : 'EstateDesk: signed out';
  });

  // DOM events on the widget's element: the same events, for pages that prefer listeners.
  var leads = document.getElementById('leads');
  ['lead-created', 'lead-updated', 'lead-deleted', 'leads-imported'].forEach(function (type) {
    leads.addEventListener('estatedesk:' + type, function (event) {
      log(type + (event.detail && event.detail.id ? ' #' + event.detail.id : ''));
    });
  });

  // A listing's matching lead: leads open on this page's own leads board (the widgets route in memory).
  document.querySelectorAll('[data-estatedesk-widget="property-inventory"]').forEach(function (listing) {
    listing.addEventListener('estatedesk:navigate', function (event) {
      var path = event.detail && event.detail.path;
      if (path && path.indexOf('/leads-management') === 0) location.hash = '#/leads';
    });
  });
})();
