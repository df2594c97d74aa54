/*
 * Names for the form controls Swagger UI draws without one (WCAG 4.1.2, axe's select-name and label): the servers
 * list (its <label> holds the list and no text), and the media-type and content-type lists of an opened operation. Swagger UI renders with React after load
 * and re-renders as operations open, so each new control is named as it appears.
 */
(() => {
  const NAMES = [
    ['select#servers', 'Server'],
    ['.response-control-media-type select', 'Response media type'],
    ['.content-type', 'Content type'],
    ['.body-param-content-type select', 'Request body content type'],
    ['.opblock-section-request-body select', 'Request body content type'],
    ['.parameter__enum select, .parameters-col_description select', 'Parameter value'],
    ['.parameters-col_description input:not([aria-label])', 'Parameter value'],
    ['.body-param__text', 'Request body'],
  ];
  function nameControls() {
    for (const [selector, name] of NAMES) {
      for (const element of document.querySelectorAll(selector)) {
        if (!element.hasAttribute('aria-label')) element.setAttribute('aria-label', name);
      }
    }
  }
  new MutationObserver(nameControls).observe(document.documentElement, { childList: true, subtree: true });
})();
