// One Raspberry Pi Pico (RP2040) in rp2040js: bootrom + MicroPython firmware + flash,
// the USB CDC host side, and a run loop that keeps emulated time.
//
// What rp2040js leaves out and this file adds (see ../../docs/pico.md):
// - flash program/erase: the bootrom's flash_range_program ('RP') and
//   flash_range_erase ('RE') entries become `bkpt; bx lr`, and the breakpoint
//   handler changes the flash array (MicroPython's littlefs writes through them),
//   after stalling the core for the W25Q16JV's datasheet time (FLASH_TIMING): the
//   RP2040 cannot fetch code from flash (XIP) while the chip is busy;
// - garbage collections timed (gc_collect's entry and return, from firmware.elf);
// - a USB host that NAKs bulk OUT until it has data (rp2040js' USBCDC answers
//   every armed buffer at once with a zero-length packet: an interrupt storm);
// - idle time: WFE with no timer alarm lets 100 us pass at a time;
// - a power cut at any instruction, or part-way through a flash program or erase.
import fs from 'fs';
import { createRequire } from 'module';
import { fileURLToPath } from 'url';
import path from 'path';

const here = path.dirname(fileURLToPath(import.meta.url));
const { Simulator, USBCDC, ConsoleLogger, LogLevel } = createRequire(here + '/')('rp2040js');

export const FLASH_BASE = 0x10000000;
export const FLASH_SIZE = 2 * 1024 * 1024;
const BKPT_PROGRAM = 0xa1;
const BKPT_ERASE = 0xa2;
const NS_PER_CYCLE = 8;          // 125 MHz
const IDLE_STEP_NS = 100000;

// Winbond W25Q16JV datasheet (rev. H), 9.6 AC electrical characteristics: page
// program tPP (256 bytes) typ 0.4 ms / max 3 ms, sector erase tSE (4 KB) typ 45 ms /
// max 400 ms, block erase tBE2 (64 KB) typ 150 ms / max 2000 ms. `instant` is
// rp2040js' own behaviour (no stall), kept to compare with the figures before.
export const FLASH_TIMING = {
  typical: { pageNs: 0.4e6, sectorNs: 45e6, blockNs: 150e6 },
  worst: { pageNs: 3e6, sectorNs: 400e6, blockNs: 2000e6 },
  instant: { pageNs: 0, sectorNs: 0, blockNs: 0 },
};
const PAGE = 256, SECTOR = 4096, BLOCK = 65536;

// What the emulator modelled, summed over every power-up (the harness reports it).
export function newStats() {
  // each kind also keeps its stalls of 5 ms or more as [emulated ns at the start,
  // ns] (the first 4000): which stall came before which slow verdict
  const op = () => ({ count: 0, ns: 0, max: 0, long: [] });
  return { erase: op(), program: op(), gc: op() };
}
const LONG_NS = 5e6;
function count(op, ns, at) {
  op.count++; op.ns += ns; if (ns > op.max) op.max = ns;
  if (ns >= LONG_NS && op.long.length < 4000) op.long.push([Math.round(at), Math.round(ns)]);
}

// A small deterministic generator (xorshift32) for the bits an interrupted erase leaves.
function rng(seed) {
  let x = (seed >>> 0) || 1;
  return () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x / 4294967296; };
}
export class PowerCut extends Error {}

function romFunction(rom8, code) {
  const u16 = (a) => rom8[a] | (rom8[a + 1] << 8);
  const want = code.charCodeAt(0) | (code.charCodeAt(1) << 8);
  for (let p = u16(0x14); ; p += 4) {
    const c = u16(p);
    if (c === 0) throw new Error(`bootrom has no function ${code}`);
    if (c === want) return u16(p + 2) & ~1;
  }
}

// The flash image a .uf2 or .bin firmware file describes (2 MB, erased elsewhere).
export function firmwareFlash(file) {
  const flash = new Uint8Array(FLASH_SIZE).fill(0xff);
  const data = fs.readFileSync(file);
  if (!file.endsWith('.uf2')) {
    flash.set(data, 0);
    return flash;
  }
  for (let off = 0; off + 512 <= data.length; off += 512) {
    const v = new DataView(data.buffer, data.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) {
      throw new Error(`${file}: not a UF2 block at ${off}`);
    }
    if (v.getUint32(8, true) & 1) continue;      // not for main flash
    const addr = v.getUint32(12, true), size = v.getUint32(16, true);
    flash.set(data.subarray(off + 32, off + 32 + size), addr - FLASH_BASE);
  }
  return flash;
}

export class Pico {
  // flash: the 2 MB flash contents (kept, and shared, across power cuts)
  // timing: FLASH_TIMING's key; stats: newStats(), shared across power-ups;
  // gc: { entry } the address of gc_collect (or none); seed: for interrupted erases
  constructor({ bootrom, flash, timeBase = 0, timing = 'typical', stats = newStats(), gc = null, seed = 1 }) {
    this.sim = new Simulator();
    this.mcu = this.sim.rp2040;
    this.clock = this.sim.clock;
    this.mcu.logger = new ConsoleLogger(LogLevel.Error);
    this.timeBase = timeBase;       // emulated ns before this power-up
    const rom8 = new Uint8Array(16384);
    rom8.set(fs.readFileSync(bootrom));
    for (const [code, bk] of [['RP', BKPT_PROGRAM], ['RE', BKPT_ERASE]]) {
      rom8.set([bk, 0xbe, 0x70, 0x47], romFunction(rom8, code));  // bkpt #bk; bx lr
    }
    this.mcu.loadBootrom(new Uint32Array(rom8.buffer));
    this.mcu.flash.set(flash);
    this.flash = flash;
    this.mcu.onBreak = (code) => this.onBreak(code);
    this.flashOps = 0;              // program operations since power-up
    this.cutAtProgram = -1;         // cut during program op number N ...
    this.cutKeep = 0;               // ... after this many of its bytes
    this.eraseOps = 0;              // erase operations since power-up
    this.cutAtErase = -1;           // cut during erase op number N ...
    this.cutEraseAt = 0;            // ... this fraction of the way through it
    if (!FLASH_TIMING[timing]) throw new Error(`flash timing ${timing}: one of ${Object.keys(FLASH_TIMING)}`);
    this.timing = FLASH_TIMING[timing];
    this.stats = stats;
    this.busy = null;               // the flash operation the core is stalled behind
    this.random = rng(seed);
    this.gcEntry = gc && gc.entry ? gc.entry & ~1 : -1;
    this.gcReturn = -1;
    this.gcStart = 0;
    this.cutAtNs = Infinity;        // cut at this (total) emulated time
    this.resetRequested = false;    // the firmware asked for a reset (watchdog)
    this.mcu.peripherals[0x40058].onWatchdogTrigger = () => { this.resetRequested = true; };  // WATCHDOG_BASE
    this.cycles = 0;
    this.idle = false;
    this.stackWatch = false;
    this.minSP = 0xffffffff;
    this.setupUsb();
    this.mcu.core.PC = FLASH_BASE;  // boot2, as rp2040js' demo starts
  }

  get nanos() { return this.timeBase + Math.round(this.clock.nanos); }

  // The bootrom's flash_range_erase(addr, count, block_size, block_cmd) and
  // flash_range_program(addr, data, count): the change is made when the chip's busy
  // time has passed (finishFlash), or partly by a power cut within it (cutFlash).
  onBreak(code) {
    const r = this.mcu.core.registers;
    const t = this.timing;
    if (code === BKPT_ERASE) {
      const addr = r[0] >>> 0, n = r[1] >>> 0, blockSize = r[2] >>> 0;
      // The bootrom erases 64 KB blocks where the range allows (block_size given),
      // 4 KB sectors elsewhere.
      let ns = 0;
      for (let a = addr; a < addr + n;) {
        if (blockSize >= BLOCK && a % BLOCK === 0 && a + BLOCK <= addr + n) { ns += t.blockNs; a += BLOCK; }
        else { ns += t.sectorNs; a += SECTOR; }
      }
      const cutAt = this.eraseOps === this.cutAtErase ? this.cutEraseAt : -1;
      this.eraseOps++;
      this.busy = { kind: 'erase', addr, n, ns, start: this.clock.nanos, end: this.clock.nanos + ns };
      if (cutAt >= 0) this.busy.cutAt = this.busy.start + cutAt * ns;
    } else if (code === BKPT_PROGRAM) {
      const addr = r[0] >>> 0, src = r[1] >>> 0, n = r[2] >>> 0;
      const data = new Uint8Array(n);
      for (let i = 0; i < n; i++) data[i] = this.mcu.readUint8(src + i);
      const ns = Math.ceil(n / PAGE) * t.pageNs;
      this.busy = { kind: 'program', addr, n, data, ns, start: this.clock.nanos, end: this.clock.nanos + ns };
      if (this.flashOps === this.cutAtProgram) {
        const keep = Math.min(this.cutKeep, n);
        this.busy.cutAt = this.busy.start + (n ? keep / n : 0) * ns;
        this.busy.keep = keep;
      }
      this.flashOps++;
    } else {
      throw new Error(`unexpected BKPT #${code} at PC=0x${this.mcu.core.PC.toString(16)}`);
    }
  }

  // The operation is over: the flash holds its result, the core runs again.
  finishFlash() {
    const b = this.busy, flash = this.mcu.flash;
    this.busy = null;
    if (b.kind === 'erase') flash.fill(0xff, b.addr, b.addr + b.n);
    else for (let i = 0; i < b.n; i++) flash[b.addr + i] &= b.data[i];   // NOR: 1 -> 0 only
    count(this.stats[b.kind], b.ns, this.timeBase + b.start);
    this.syncFlash();
  }

  // A power cut while the flash is busy: a program has written its first bytes (as
  // many as time allowed, or `keep`); an erase leaves each byte either erased or as
  // it was (interrupted erase: the datasheet leaves the cells undefined).
  cutFlash(why) {
    const b = this.busy, flash = this.mcu.flash;
    this.busy = null;
    const frac = b.ns ? Math.min(1, (this.clock.nanos - b.start) / b.ns) : 1;
    let done;
    if (b.kind === 'erase') {
      let erased = 0;
      for (let i = 0; i < b.n; i++) if (this.random() < frac) { flash[b.addr + i] = 0xff; erased++; }
      done = `${erased}/${b.n} bytes erased`;
    } else {
      const n = b.keep !== undefined ? b.keep : Math.floor(frac * b.n);
      for (let i = 0; i < n; i++) flash[b.addr + i] &= b.data[i];
      done = `${n}/${b.n} bytes`;
    }
    this.syncFlash();
    throw new PowerCut(`${why} during flash ${b.kind} (${done})`);
  }

  // The emulated flash array is the one to keep across power cuts.
  syncFlash() { this.flash.set(this.mcu.flash.subarray(0, this.flash.length)); }

  setupUsb() {
    this.cdc = new USBCDC(this.mcu.usbCtrl);
    this.onSerial = () => {};
    this.cdc.onSerialData = (buf) => this.onSerial(buf);
    this.txQueue = [];
    this.pendingRead = null;
    this.mcu.usbCtrl.onEndpointRead = (ep, size) => {
      if (ep === this.cdc.outEndpoint) { this.pendingRead = size; this.feedUsb(); }
    };
  }

  // Bytes from the host to the device, handed over as the device arms its OUT endpoint.
  send(bytes) { for (const b of bytes) this.txQueue.push(b); this.feedUsb(); }

  feedUsb() {
    if (this.pendingRead === null || !this.txQueue.length) return;
    const n = Math.min(this.pendingRead, this.txQueue.length);
    const buf = new Uint8Array(this.txQueue.splice(0, n));
    this.pendingRead = null;
    this.mcu.usbCtrl.endpointReadDone(this.cdc.outEndpoint, buf);
  }

  // Run until the total emulated time reaches `untilNs` (or a power cut / reset).
  run(untilNs) {
    const core = this.mcu.core, clock = this.clock;
    const limit = untilNs - this.timeBase;
    while (clock.nanos < limit) {
      if (this.timeBase + clock.nanos >= this.cutAtNs) {
        if (this.busy) this.cutFlash(`at ${this.cutAtNs} ns`);
        throw new PowerCut(`at ${this.cutAtNs} ns`);
      }
      if (this.resetRequested) return 'reset';
      if (this.busy) {
        // The core waits for the flash; time (timers, peripherals) goes on.
        const b = this.busy;
        const target = b.cutAt !== undefined ? b.cutAt : b.end;
        const until = Math.min(target, limit, this.cutAtNs - this.timeBase);
        if (until > clock.nanos) clock.tick(until - clock.nanos);
        if (clock.nanos >= target) {
          if (b.cutAt !== undefined) this.cutFlash('ordered');
          this.finishFlash();
        }
        this.idle = false;
        continue;
      }
      if (core.waiting) {
        let dn = clock.nanosToNextAlarm;
        this.idle = dn <= 0;
        if (this.idle) dn = IDLE_STEP_NS;
        clock.tick(Math.min(dn, Math.max(limit - clock.nanos, 1)));
      } else {
        this.idle = false;
        const c = core.executeInstruction();
        this.cycles += c;
        clock.tick(c * NS_PER_CYCLE);
        const pc = core.PC;
        if (pc === this.gcEntry) {
          this.gcStart = clock.nanos;
          this.gcReturn = core.registers[14] & ~1;
        } else if (pc === this.gcReturn) {
          count(this.stats.gc, clock.nanos - this.gcStart, this.timeBase + this.gcStart);
          this.gcReturn = -1;
        }
        if (this.stackWatch) {
          const sp = core.SP >>> 0;
          if (sp < this.minSP) this.minSP = sp;
        }
      }
    }
    return 'ok';
  }
}
