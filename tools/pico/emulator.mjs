// One Raspberry Pi Pico (RP2040) in rp2040js: bootrom + MicroPython firmware + flash,
// the USB CDC host side, and a run loop that keeps emulated time.
//
// What rp2040js leaves out and this file adds (see ../../docs/pico.md):
// - flash program/erase: the bootrom's flash_range_program ('RP') and
//   flash_range_erase ('RE') entries become `bkpt; bx lr`, and the breakpoint
//   handler changes the flash array (MicroPython's littlefs writes through them);
// - a USB host that NAKs bulk OUT until it has data (rp2040js' USBCDC answers
//   every armed buffer at once with a zero-length packet: an interrupt storm);
// - idle time: WFE with no timer alarm lets 100 us pass at a time;
// - a power cut at any instruction, or part-way through a flash program.
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
  constructor({ bootrom, flash, timeBase = 0 }) {
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

  onBreak(code) {
    const r = this.mcu.core.registers;
    const flash = this.mcu.flash;
    if (code === BKPT_ERASE) {
      flash.fill(0xff, r[0] >>> 0, (r[0] >>> 0) + (r[1] >>> 0));
    } else if (code === BKPT_PROGRAM) {
      const addr = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
      const cut = this.flashOps === this.cutAtProgram;
      const n = cut ? Math.min(this.cutKeep, count) : count;
      for (let i = 0; i < n; i++) flash[addr + i] &= this.mcu.readUint8(src + i);   // NOR: 1 -> 0 only
      this.flashOps++;
      if (cut) { this.syncFlash(); throw new PowerCut(`during flash program #${this.cutAtProgram} (${n}/${count} bytes)`); }
    } else {
      throw new Error(`unexpected BKPT #${code} at PC=0x${this.mcu.core.PC.toString(16)}`);
    }
    this.syncFlash();
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
      if (this.timeBase + clock.nanos >= this.cutAtNs) throw new PowerCut(`at ${this.cutAtNs} ns`);
      if (this.resetRequested) return 'reset';
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
        if (this.stackWatch) {
          const sp = core.SP >>> 0;
          if (sp < this.minSP) this.minSP = sp;
        }
      }
    }
    return 'ok';
  }
}
