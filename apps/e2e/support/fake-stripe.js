// A stand-in for Stripe.js, served to the page in place of js.stripe.com (unreachable here).
// It renders a plain card field where Stripe would mount its iframe, and confirms payments
// against the fake Stripe API the way Stripe.js does.
(function () {
  function unsupported() {
    return Promise.reject(new Error('not part of the fake Stripe.js'));
  }

  function Stripe(publishableKey) {
    var cardInput = null;
    var clientSecret = null;
    var stripe = {
      elements: function (options) {
        clientSecret = options && options.clientSecret;
        return {
          create: function () {
            var listeners = {};
            var isReady = false;
            return {
              mount: function (target) {
                var node = typeof target === 'string' ? document.querySelector(target) : target;
                var label = document.createElement('label');
                label.textContent = 'Numéro de carte';
                label.style.display = 'block';
                cardInput = document.createElement('input');
                cardInput.setAttribute('aria-label', 'Numéro de carte');
                cardInput.setAttribute('inputmode', 'numeric');
                cardInput.style.cssText =
                  'width:100%;padding:10px;border:1px solid #ccc;border-radius:8px;font-size:16px;box-sizing:border-box';
                label.appendChild(cardInput);
                node.appendChild(label);
                setTimeout(function () {
                  isReady = true;
                  (listeners.ready || []).forEach(function (cb) {
                    cb({ elementType: 'payment' });
                  });
                }, 200);
              },
              on: function (name, cb) {
                (listeners[name] = listeners[name] || []).push(cb);
                // A listener attached after the element became ready still hears about it.
                if (name === 'ready' && isReady)
                  setTimeout(function () {
                    cb({ elementType: 'payment' });
                  }, 0);
              },
              off: function (name, cb) {
                listeners[name] = (listeners[name] || []).filter(function (f) {
                  return f !== cb;
                });
              },
              update: function () {},
              destroy: function () {},
              unmount: function () {},
            };
          },
          update: function () {},
          submit: function () {
            return Promise.resolve({});
          },
        };
      },
      confirmPayment: function () {
        var id = String(clientSecret).split('_secret_')[0];
        var body = new URLSearchParams({
          client_secret: clientSecret,
          'payment_method_data[card][number]': cardInput ? cardInput.value.replace(/\s/g, '') : '',
        });
        return fetch('https://api.stripe.com/v1/payment_intents/' + id + '/confirm', {
          method: 'POST',
          headers: { Authorization: 'Bearer ' + publishableKey, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: body,
        })
          .then(function (response) {
            return response.json();
          })
          .then(function (intent) {
            if (intent.error) return { error: { type: 'invalid_request_error', message: intent.error.message } };
            if (intent.last_payment_error)
              return { error: { type: 'card_error', code: 'card_declined', message: 'Votre carte a été refusée.' } };
            return { paymentIntent: intent };
          });
      },
      // Methods the React wrapper checks for to recognise a Stripe object; unused by the app.
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
    return stripe;
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
