// The emulated Pico under the table, driven by a Python rig (tools/pico/rig.py) over
// this process's stdin/stdout, one line per message.
//
//   node harness.mjs CONFIG.json
//
// Node -> rig (emulated time T in ns):
//   s T B          a byte on the readers' SPI bus; the rig answers the MISO byte (sync)
//   e T HEX        bytes sent to the e-ink panel (no answer: the panel has no MISO)
//   b T            the panel's chip select rose; the rig answers when BUSY falls (ns, sync)
//   g T PIN LEVEL  a watched output pin changed (chip selects, resets, DC)
//   l T HEX        one WS2812 frame decoded from the LED data pin (GRB bytes)
//   u HEX          bytes the firmware wrote to USB serial
//   p T WHY        power: on, cut, reset
//   k T SP         the lowest stack pointer seen while the stack was watched
//   t T IDLE       a tick (every tick_ns); the rig answers with a JSON object (sync):
//                  {host: HEX, pins: {gpio: level}, cut_at_ns, cut_program: [op, keep],
//                   cut_erase: [op, fraction], cut: true, off_ns, save: PATH,
//                   stack: "start"|"stop", stats: true, quit: true}
//   m T JSON       what was modelled so far (asked by stats): flash erases and
//                  programs and garbage collections {count, ns, max}, the readers'
//                  SPI clock in Hz (from the SPI's SSPCPSR and SCR), the flash timing
//
// CONFIG: flash_timing (typical | worst | instant: emulator.mjs FLASH_TIMING),
// gc_collect (the address of MicroPython's gc_collect, to time collections), seed.
import fs from 'fs';
import { Pico, PowerCut, firmwareFlash, newStats } from './emulator.mjs';

const cfg = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const LED_RESET_NS = 50000;   // WS2812: data low this long latches the frame
const LED_ONE_NS = 625;       // a high pulse longer than this is a 1 bit

// -- line I/O with the rig (blocking: the emulator waits for each answer) --------------
const inBuf = Buffer.alloc(1 << 16);
let pending = '';
function send(line) { fs.writeSync(1, line + '\n'); }
function ask(line) {
  send(line);
  for (;;) {
    const nl = pending.indexOf('\n');
    if (nl >= 0) { const l = pending.slice(0, nl); pending = pending.slice(nl + 1); return l; }
    let n;
    try { n = fs.readSync(0, inBuf, 0, inBuf.length, null); } catch (e) { if (e.code === 'EAGAIN') continue; throw e; }
    if (n === 0) process.exit(0);    // the rig went away
    pending += inBuf.toString('latin1', 0, n);
  }
}
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// -- one power-up of the board -----------------------------------------------------------
let flash = cfg.flash_image ? new Uint8Array(fs.readFileSync(cfg.flash_image)) : firmwareFlash(cfg.firmware);
if (cfg.flash_image && cfg.firmware_over_image) flash.set(firmwareFlash(cfg.firmware).subarray(0, 0xa0000));
let pico = null;
let inputs = {};           // gpio -> level the rig drives (buttons, BUSY)
let eink = [];             // e-ink bytes not yet sent to the rig
let einkT = 0;
let busyAlarm = null;
let stackWanted = false;
const stats = newStats();  // summed over every power-up
const timing = cfg.flash_timing || 'typical';
let powerUps = 0;

function flushEink() {
  if (eink.length) { send(`e ${einkT} ${hex(eink)}`); eink = []; }
}

function setInput(gpio, level) {
  inputs[gpio] = level;
  pico.mcu.gpio[gpio].setInputValue(!!level);
}

function powerUp(timeBase, why) {
  pico = new Pico({ bootrom: cfg.bootrom, flash, timeBase, timing, stats,
                    gc: { entry: cfg.gc_collect || 0 }, seed: (cfg.seed || 1) * 7919 + powerUps++ });
  const mcu = pico.mcu;
  pico.onSerial = (buf) => send(`u ${hex(buf)}`);
  inputs[cfg.eink.busy] = 0;       // the panel lost power too
  for (const g of Object.keys(inputs)) setInput(+g, inputs[g]);
  if (stackWanted) { pico.stackWatch = true; pico.minSP = 0xffffffff; }

  // The readers' bus: each byte is answered by the chip models, after its time on the wire
  // (an answer inside onTransmit hangs MicroPython's DMA transfers of 32 bytes or more).
  const spi0 = mcu.spi[cfg.readers.spi];
  let reply0 = 0;
  const done0 = pico.clock.createAlarm(() => spi0.completeTransmit(reply0));
  spi0.onTransmit = (b) => {
    flushEink();
    reply0 = parseInt(ask(`s ${pico.nanos} ${b}`), 10);
    done0.schedule(8e9 / spi0.clockFrequency);
  };
  const spi1 = mcu.spi[cfg.eink.spi];
  const done1 = pico.clock.createAlarm(() => spi1.completeTransmit(0));
  spi1.onTransmit = (b) => {
    if (!eink.length) einkT = pico.nanos;
    eink.push(b);
    if (eink.length >= 4096) flushEink();
    done1.schedule(8e9 / spi1.clockFrequency);
  };
  busyAlarm = pico.clock.createAlarm(() => setInput(cfg.eink.busy, 0));

  // Output pins the chip models listen to.
  for (const g of cfg.watch) {
    mcu.gpio[g].addListener((state) => {
      flushEink();
      const level = state === 0 ? 0 : 1;     // an undriven pin counts as high (idle)
      send(`g ${pico.nanos} ${g} ${level}`);
      if (g === cfg.eink.cs && level === 1) {
        const until = parseInt(ask(`b ${pico.nanos}`), 10);
        if (until > pico.nanos) {
          setInput(cfg.eink.busy, 1);
          busyAlarm.schedule(until - pico.nanos);
        }
      }
    });
  }

  // WS2812 data: high-pulse widths -> bits -> bytes; a long low latches the frame.
  const led = mcu.gpio[cfg.leds];
  let rise = 0, fall = -Infinity, bits = [];
  pico.ledFlush = () => {
    if (bits.length >= 8 && pico.nanos - fall > LED_RESET_NS) {
      const bytes = [];
      for (let i = 0; i + 8 <= bits.length; i += 8) {
        let v = 0;
        for (let k = 0; k < 8; k++) v = (v << 1) | bits[i + k];
        bytes.push(v);
      }
      send(`l ${Math.round(fall)} ${hex(bytes)}`);
      bits = [];
    }
  };
  led.addListener((state) => {
    const now = pico.nanos;
    if (state === 1) {
      if (now - fall > LED_RESET_NS) pico.ledFlush();
      rise = now;
    } else if (state === 0 && rise) {
      bits.push(now - rise > LED_ONE_NS ? 1 : 0);
      fall = now;
      rise = 0;
    }
  });
  send(`p ${pico.nanos} ${why}`);
}

function apply(cmd) {
  if (cmd.pins) for (const g of Object.keys(cmd.pins)) setInput(+g, cmd.pins[g]);
  if (cmd.host) pico.send(Buffer.from(cmd.host, 'hex'));
  if (cmd.cut_at_ns !== undefined) pico.cutAtNs = cmd.cut_at_ns === null ? Infinity : cmd.cut_at_ns;
  if (cmd.cut_program) { pico.cutAtProgram = pico.flashOps + cmd.cut_program[0]; pico.cutKeep = cmd.cut_program[1]; }
  if (cmd.cut_erase) { pico.cutAtErase = pico.eraseOps + cmd.cut_erase[0]; pico.cutEraseAt = cmd.cut_erase[1]; }
  if (cmd.stats) {
    const spi = pico.mcu.spi[cfg.readers.spi];
    send(`m ${pico.nanos} ${JSON.stringify({ ...stats, spi_hz: spi.clockFrequency, flash_timing: timing })}`);
  }
  if (cmd.stack === 'start') { stackWanted = true; pico.stackWatch = true; pico.minSP = 0xffffffff; }
  if (cmd.stack === 'stop') {
    stackWanted = false; pico.stackWatch = false;
    send(`k ${pico.nanos} ${pico.minSP}`);
  }
  if (cmd.save) { pico.syncFlash(); fs.writeFileSync(cmd.save + '.tmp', flash); fs.renameSync(cmd.save + '.tmp', cmd.save); }
  if (cmd.quit) process.exit(0);
}

let offNs = cfg.off_ns ?? 20e6;     // a power cut leaves the board unpowered this long
powerUp(0, 'on');
let nextTick = cfg.tick_ns;
for (;;) {
  let r;
  try {
    r = pico.run(nextTick);
  } catch (e) {
    if (!(e instanceof PowerCut)) throw e;
    flushEink();
    send(`p ${pico.nanos} cut ${e.message.replace(/ /g, '_')}`);
    const t = pico.nanos + offNs;
    nextTick = t + cfg.tick_ns;
    powerUp(t, 'on');
    continue;
  }
  if (r === 'reset') {           // machine.reset(): the watchdog restarts the chip
    flushEink();
    const t = pico.nanos;
    powerUp(t, 'reset');
    nextTick = t + cfg.tick_ns;
    continue;
  }
  flushEink();
  pico.ledFlush();
  const cmd = JSON.parse(ask(`t ${pico.nanos} ${pico.idle ? 1 : 0}`));
  if (cmd.off_ns !== undefined) offNs = cmd.off_ns;
  if (cmd.cut) {
    send(`p ${pico.nanos} cut by_the_rig`);
    const t = pico.nanos + offNs;
    powerUp(t, 'on');
    nextTick = t + cfg.tick_ns;
    apply(cmd);
    continue;
  }
  apply(cmd);
  nextTick = pico.nanos + cfg.tick_ns;
}
