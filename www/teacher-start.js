// Loads the teacher's module on its own page (teacher.html); its main() mounts it into
// #teacher. A file, not an inline script, so the page runs under a strict CSP.
import init from './teacher.js';

try {
  await init({ module_or_path: new URL('./teacher_bg.wasm', import.meta.url) });
} catch (e) {
  const root = document.getElementById('teacher');
  if (root) root.textContent = 'No se pudo cargar la vista docente / The teacher\'s page could not be loaded: ' + (e && e.message ? e.message : e);
}
