// The character scene's controls: WASD or the arrow keys and space, and for touch screens (or a mouse) an on-screen
// stick and jump button, kept clear of the info panel. `read()` gives the walk wanted, relative to the camera
// (forward and right in [-1, 1]), and whether a jump was asked for since the last read.

const KEYS = {
  KeyW: ['forward', 1], ArrowUp: ['forward', 1], KeyS: ['forward', -1], ArrowDown: ['forward', -1],
  KeyD: ['right', 1], ArrowRight: ['right', 1], KeyA: ['right', -1], ArrowLeft: ['right', -1],
};
const STICK_PX = 46;  // how far the knob travels from the centre

/** Installs the controls; `onInput` is called whenever one is used (the scene wakes up to move). */
export function characterControls(onInput) {
  const held = new Set();
  const stick = { forward: 0, right: 0 };
  let jump = false;

  window.addEventListener('keydown', (event) => {
    if (event.target instanceof HTMLInputElement) return;
    if (event.code in KEYS || event.code === 'Space') event.preventDefault();
    if (event.code === 'Space' && !event.repeat) jump = true;
    else if (event.code in KEYS) held.add(event.code);
    else return;
    onInput();
  });
  window.addEventListener('keyup', (event) => held.delete(event.code));
  window.addEventListener('blur', () => held.clear());

  const pad = document.createElement('div');
  pad.className = 'touch-pad';
  pad.innerHTML = '<div class="stick" role="slider" aria-label="walk"><div class="knob"></div></div>' +
    '<button class="jump" type="button" aria-label="jump">jump</button>';
  document.body.append(pad);
  const base = pad.querySelector('.stick'), knob = pad.querySelector('.knob');

  function moveKnob(event) {
    const rect = base.getBoundingClientRect();
    let x = event.clientX - (rect.left + rect.width / 2), y = event.clientY - (rect.top + rect.height / 2);
    const length = Math.hypot(x, y);
    if (length > STICK_PX) [x, y] = [x * STICK_PX / length, y * STICK_PX / length];
    knob.style.transform = `translate(${x}px, ${y}px)`;
    stick.right = x / STICK_PX;
    stick.forward = -y / STICK_PX;
    onInput();
  }
  function releaseKnob() {
    knob.style.transform = '';
    stick.forward = stick.right = 0;
  }
  base.addEventListener('pointerdown', (event) => {
    base.setPointerCapture(event.pointerId);
    moveKnob(event);
  });
  base.addEventListener('pointermove', (event) => { if (base.hasPointerCapture(event.pointerId)) moveKnob(event); });
  base.addEventListener('pointerup', releaseKnob);
  base.addEventListener('pointercancel', releaseKnob);
  pad.querySelector('.jump').addEventListener('pointerdown', (event) => {
    event.preventDefault();
    jump = true;
    onInput();
  });

  // Above the info panel where it sits at the bottom (a phone), else right of it.
  const info = document.getElementById('info');
  function place() {
    const panel = info.getBoundingClientRect();
    const below = panel.bottom > window.innerHeight - 40 && panel.top > window.innerHeight / 3;
    pad.style.bottom = `${below ? window.innerHeight - panel.top + 12 : 16}px`;
    pad.style.left = `${below ? 12 : panel.right + 16}px`;
  }
  new ResizeObserver(place).observe(info);
  window.addEventListener('resize', place);
  place();

  return {
    read() {
      let forward = stick.forward, right = stick.right;
      for (const code of held) {
        const [axis, sign] = KEYS[code];
        if (axis === 'forward') forward += sign;
        else right += sign;
      }
      const wanted = { forward: Math.max(-1, Math.min(1, forward)), right: Math.max(-1, Math.min(1, right)), jump };
      jump = false;
      return wanted;
    },
    /** Whether a key or the stick is held (the scene keeps moving while one is). */
    get active() { return held.size > 0 || stick.forward !== 0 || stick.right !== 0 || jump; },
  };
}
