// The live map of one route: asks map/api/route every few seconds and draws the route's lines,
// stops and vehicles in SVG (Web Mercator, so that the operator's tiles fit under it), with every
// vehicle and stop listed beside the drawing as buttons a keyboard reaches. Opened as a Telegram
// Mini App it takes Telegram's theme and language from the launch parameters, and sends the signed
// initData to map/api/rider for the rider's saved stops; anywhere else it shows public data only.
'use strict';
(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const query = new URLSearchParams(location.search);
  const launch = new URLSearchParams(location.hash.slice(1));
  const webApp = window.Telegram && window.Telegram.WebApp;
  const initData = (webApp && webApp.initData) || launch.get('tgWebAppData') || '';
  const state = {
    route: query.get('route') || '',
    stop: query.get('stop') || '',
    view: undefined,
    markers: new Map(),
    timer: undefined,
    drawnKey: '',
    words: undefined,
  };
  const $ = (id) => document.getElementById(id);

  function readJson(text) {
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  /** Telegram's theme (its colours as CSS variables, light or dark by its background); else the system's. */
  function applyTheme() {
    const theme = (webApp && webApp.themeParams) || readJson(launch.get('tgWebAppThemeParams') || '') || undefined;
    if (!theme || !theme.bg_color) return;
    const root = document.documentElement.style;
    const set = (name, value) => value && root.setProperty(name, value);
    set('--tg-bg', theme.bg_color);
    set('--tg-text', theme.text_color);
    set('--tg-hint', theme.hint_color);
    set('--tg-link', theme.link_color);
    set('--tg-panel', theme.secondary_bg_color);
    const hex = theme.bg_color.replace('#', '');
    const light = parseInt(hex.slice(0, 2), 16) * 0.299 + parseInt(hex.slice(2, 4), 16) * 0.587 + parseInt(hex.slice(4, 6), 16) * 0.114 > 140;
    document.documentElement.dataset.theme = light ? 'light' : 'dark';
  }

  /** The rider's language: Telegram's for its user (read only for words; the server checks nothing here), else the browser's. */
  function language() {
    const user = readJson(new URLSearchParams(initData).get('user') || '');
    return (user && user.language_code) || navigator.language || 'en';
  }

  // Web Mercator, in pixels of the world at zoom z: the tiles' own grid.
  function project(lat, lon, z) {
    const size = 256 * Math.pow(2, z);
    const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
    return [((lon + 180) / 360) * size, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size];
  }

  /** A zoom that puts the whole route in about 1024 pixels, the view box around it, and the size of a mark. */
  function viewOf(answer) {
    const points = [];
    for (const d of answer.directions) {
      for (const p of d.line) points.push(p);
      for (const s of d.stops) points.push([s.lat, s.lon]);
    }
    if (points.length === 0) return undefined;
    const at0 = points.map((p) => project(p[0], p[1], 0));
    const span0 = Math.max(1e-9, ...['x', 'y'].map((_, i) => Math.max(...at0.map((p) => p[i])) - Math.min(...at0.map((p) => p[i]))));
    const z = Math.max(1, Math.min(18, Math.floor(Math.log2(1024 / span0))));
    const xy = points.map((p) => project(p[0], p[1], z));
    const xs = xy.map((p) => p[0]);
    const ys = xy.map((p) => p[1]);
    const pad = 40;
    const box = {
      x: Math.min(...xs) - pad,
      y: Math.min(...ys) - pad,
      w: Math.max(...xs) - Math.min(...xs) + 2 * pad,
      h: Math.max(...ys) - Math.min(...ys) + 2 * pad,
    };
    return { z, box, unit: Math.max(box.w, box.h) / 90 };
  }

  function el(name, attributes, parent) {
    const node = document.createElementNS(SVG, name);
    for (const key in attributes) node.setAttribute(key, String(attributes[key]));
    if (parent) parent.appendChild(node);
    return node;
  }

  function html(name, text, parent, className) {
    const node = document.createElement(name);
    if (text !== undefined) node.textContent = text;
    if (className) node.className = className;
    if (parent) parent.appendChild(node);
    return node;
  }

  /** Tiles under the drawing; the first one that fails takes them all away: a clean drawing rather than holes. */
  function drawTiles(answer, view) {
    const layer = $('tiles-layer');
    layer.replaceChildren();
    if (!answer.tiles) return;
    const { z, box } = view;
    const last = Math.pow(2, z) - 1;
    for (let tx = Math.floor(box.x / 256); tx <= Math.floor((box.x + box.w) / 256); tx++) {
      for (let ty = Math.floor(box.y / 256); ty <= Math.floor((box.y + box.h) / 256); ty++) {
        if (tx < 0 || ty < 0 || tx > last || ty > last) continue;
        const href = answer.tiles.url.replace('{z}', z).replace('{x}', tx).replace('{y}', ty);
        const image = el('image', { href, x: tx * 256, y: ty * 256, width: 256, height: 256 }, layer);
        image.addEventListener('error', () => {
          layer.replaceChildren();
          showCredits(answer, false);
        });
      }
    }
  }

  function showCredits(answer, tiles) {
    const credits = $('credits');
    credits.replaceChildren();
    const parts = [...answer.attributions];
    if (tiles && answer.tiles) parts.unshift(answer.tiles.attribution);
    else parts.unshift(answer.words.noTiles);
    credits.textContent = parts.join(' · ');
  }

  /** The route's lines and stops: drawn again only when the route or the rider's stop changed. */
  function drawRoute(answer) {
    const view = viewOf(answer);
    state.view = view;
    const svg = $('map');
    if (!view) return;
    svg.setAttribute('viewBox', `${view.box.x} ${view.box.y} ${view.box.w} ${view.box.h}`);
    $('map-name').textContent = answer.drawing;
    drawTiles(answer, view);
    showCredits(answer, Boolean(answer.tiles));
    const lines = $('lines-layer');
    const stops = $('stops-layer');
    lines.replaceChildren();
    stops.replaceChildren();
    const u = view.unit;
    answer.directions.forEach((d, i) => {
      const points = d.line
        .map((p) =>
          project(p[0], p[1], view.z)
            .map((n) => n.toFixed(1))
            .join(','),
        )
        .join(' ');
      el('polyline', { points, class: `line direction-${i % 2}`, 'stroke-width': u * 0.6 }, lines);
      for (const s of d.stops) {
        const [x, y] = project(s.lat, s.lon, view.z);
        const circle = el(
          'circle',
          { cx: x, cy: y, r: s.rider ? u * 1.1 : u * 0.55, class: s.rider ? 'stop rider' : 'stop', 'stroke-width': u * 0.2, 'data-stop': s.stop },
          stops,
        );
        el('title', {}, circle).textContent = s.rider ? `${s.name} (${s.stop}): ${answer.words.yourStop}` : `${s.name} (${s.stop})`;
        if (s.rider && !stops.querySelector('.rider-label')) {
          const label = el(
            'text',
            { x: x + u * 1.6, y: y + u * 0.5, class: 'rider-label', 'font-size': u * 1.6, 'stroke-width': u * 0.4, 'aria-hidden': 'true' },
            stops,
          );
          label.textContent = s.name;
        }
      }
    });
  }

  /** Each vehicle's marker moved to its new fix (one marker per vehicle id, kept between polls). */
  function drawVehicles(answer) {
    const view = state.view;
    const layer = $('vehicles-layer');
    if (!view) return;
    const u = view.unit;
    const seen = new Set();
    for (const v of answer.vehicles) {
      seen.add(v.id);
      let marker = state.markers.get(v.id);
      if (!marker) {
        marker = el('g', { class: 'vehicle', 'data-vehicle': v.id }, layer);
        el('circle', { r: u * 1.3, 'stroke-width': u * 0.3 }, marker);
        el('path', { d: `M0,${-u * 0.9} L${u * 0.6},${u * 0.6} L${-u * 0.6},${u * 0.6} Z`, class: 'heading' }, marker);
        el('title', {}, marker);
        state.markers.set(v.id, marker);
      }
      const [x, y] = project(v.lat, v.lon, view.z);
      marker.setAttribute('class', `vehicle ${v.trust}`);
      marker.dataset.x = x.toFixed(2);
      marker.dataset.y = y.toFixed(2);
      marker.style.transform = `translate(${x}px, ${y}px)`;
      const arrow = marker.querySelector('path');
      arrow.style.display = v.bearing === null ? 'none' : '';
      if (v.bearing !== null) arrow.setAttribute('transform', `rotate(${v.bearing})`);
      marker.querySelector('title').textContent = v.text;
    }
    for (const [id, marker] of state.markers) {
      if (!seen.has(id)) {
        marker.remove();
        state.markers.delete(id);
      }
    }
  }

  function pick(selector) {
    for (const node of document.querySelectorAll('#map .picked')) node.classList.remove('picked');
    const node = document.querySelector(selector);
    if (node) node.classList.add('picked');
  }

  /** The text alternatives: every vehicle and stop as a button (focus or press it: its mark is ringed), the disruptions. */
  function drawLists(answer, routeChanged) {
    $('title').textContent = answer.title;
    document.title = answer.title;
    $('updated').textContent = answer.updated;
    $('vehicles-heading').textContent = answer.words.onRoad;
    $('stops-heading').textContent = answer.words.stops;
    $('disruptions-heading').textContent = answer.words.disruptions;
    $('saved-heading').textContent = answer.words.savedStops;
    const vehicles = $('vehicles');
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.vehicle : undefined;
    vehicles.replaceChildren();
    for (const v of answer.vehicles) {
      const button = html('button', v.text, html('li', undefined, vehicles), 'item');
      button.type = 'button';
      button.dataset.vehicle = v.id;
      const ring = () => pick(`#map [data-vehicle="${CSS.escape(v.id)}"]`);
      button.addEventListener('focus', ring);
      button.addEventListener('click', ring);
      if (focused === v.id) button.focus();
    }
    $('no-vehicles').hidden = !answer.noVehicles;
    $('no-vehicles').textContent = answer.noVehicles || '';
    const disruptions = $('disruptions');
    disruptions.replaceChildren();
    for (const d of answer.disruptions) html('li', d.text, disruptions, d.severity === 'severe' ? 'severe' : '');
    $('disruptions-section').hidden = answer.disruptions.length === 0;
    if (!routeChanged) return;
    const stops = $('stops');
    stops.replaceChildren();
    for (const d of answer.directions) {
      if (d.label) html('h3', d.label, stops);
      const list = html('ol', undefined, stops);
      for (const s of d.stops) {
        const item = html('li', undefined, list);
        const button = html(
          'button',
          `${s.name} (${s.stop})${s.rider ? ` · ${answer.words.yourStop}` : ''}`,
          item,
          s.rider ? 'item rider-stop' : 'item',
        );
        button.type = 'button';
        button.dataset.stop = s.stop;
        const ring = () => pick(`#map circle[data-stop="${CSS.escape(s.stop)}"]`);
        button.addEventListener('focus', ring);
        button.addEventListener('click', ring);
      }
    }
  }

  function showProblem(text) {
    $('problem').hidden = !text;
    $('problem').textContent = text || '';
  }

  async function poll() {
    clearTimeout(state.timer);
    let wait = 10;
    try {
      const params = new URLSearchParams({ route: state.route, lang: language() });
      if (state.stop) params.set('stop', state.stop);
      const response = await fetch(`map/api/route?${params}`, { cache: 'no-store' });
      const answer = await response.json();
      if (!response.ok) {
        showProblem(answer.text || response.statusText);
        wait = response.status === 404 || response.status === 400 ? 0 : 15;
      } else {
        showProblem('');
        state.words = answer.words;
        const key = `${answer.route}|${answer.riderStop || ''}|${answer.directions.map((d) => d.stops.length).join(',')}`;
        const routeChanged = key !== state.drawnKey;
        if (routeChanged) drawRoute(answer);
        state.drawnKey = key;
        drawVehicles(answer);
        drawLists(answer, routeChanged);
        document.body.dataset.polls = String(Number(document.body.dataset.polls || '0') + 1);
        wait = answer.pollSeconds;
      }
    } catch (e) {
      showProblem(state.words ? state.words.unavailable : String(e && e.message ? e.message : e));
      wait = 15;
    }
    if (wait > 0) state.timer = setTimeout(poll, wait * 1000);
  }

  /** A Mini App's rider: their saved stops, once the server has checked Telegram's signature. */
  async function riderStops() {
    if (!initData) return;
    const response = await fetch('map/api/rider', { method: 'POST', body: initData, headers: { 'content-type': 'text/plain' } });
    if (!response.ok) return;
    const { savedStops } = await response.json();
    const list = $('saved');
    list.replaceChildren();
    for (const s of savedStops) {
      const link = html('a', `${s.name} (${s.stop})`, html('li', undefined, list));
      link.href = `?${new URLSearchParams({ route: state.route, stop: s.stop })}${location.hash}`;
    }
    $('saved-section').hidden = savedStops.length === 0;
  }

  applyTheme();
  if (webApp && webApp.ready) webApp.ready();
  void poll();
  void riderStops().catch(() => undefined);
})();
