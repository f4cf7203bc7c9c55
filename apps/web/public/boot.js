// Runs before the app: applies the saved theme without a flash, and shows a failure screen
// with 'Recharger' when start-up never finishes or a fatal error escapes.
(function () {
  try {
    var saved = localStorage.getItem('theme');
    var dark = saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch (e) {
    /* private mode: the app falls back to the OS preference */
  }

  function escapeHtml(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  window.__atelierFail = function (title, detail) {
    var root = document.getElementById('root') || document.body;
    root.innerHTML =
      '<div class="boot-failure" role="alert"><h1>' + escapeHtml(title) + '</h1><p>' + escapeHtml(detail || '') +
      '</p><button type="button" id="boot-reload">Recharger</button></div>';
    document.getElementById('boot-reload').addEventListener('click', function () {
      window.location.reload();
    });
  };

  window.addEventListener('error', function (event) {
    if (!window.__atelierStarted) window.__atelierFail('Erreur critique', event.message);
  });
  window.addEventListener('unhandledrejection', function (event) {
    if (!window.__atelierStarted) window.__atelierFail('Erreur système', event.reason && event.reason.message);
  });

  document.addEventListener('DOMContentLoaded', function () {
    setTimeout(function () {
      if (document.getElementById('app-loading')) {
        window.__atelierFail('Timeout de chargement', "L'application met plus de temps que prévu à se charger.");
      }
    }, 5000);
  });
})();
