//! Two programs for the 6502 core's cycle cross-check, with what the
//! llvm-mos SDK's own simulator (`mos-sim`, which counts the cycles of every
//! instruction before the one whose write to `$FFF8` exits) said of them.
//! Only bytes are kept here, so the test needs no SDK; the sources and the
//! commands that built and measured them follow, to make them again.
//!
//! **`OPCODES`**: every documented opcode in every addressing mode, indexed
//! reads with and without a page crossing (stores and read-modify-writes
//! too), branches not taken, taken, and taken across a page both ways,
//! `JMP ($xxFF)`, `BRK`/`RTI`, binary `ADC`/`SBC` over every accumulator
//! and every third operand, decimal over every pair of BCD operands, with
//! both carries; after each, a checksum of A, X, Y and P, written to
//! `$FFF9` at the end (of a decimal operation only A and the carry:
//! `mos-sim`'s decimal N, V and Z, and its results from operands that are
//! not BCD, are not the NMOS chip's; the unit tests hold ours to VICE's
//! over every operand). Made by the Python at the end of this comment:
//!
//! ```text
//! python3 gen.py > cyc.s
//! mos-sim-clang -nostartfiles -Wl,--no-gc-sections -o cyc cyc.s
//! mos-sim --cycles cyc | xxd      # 91e2, and on stderr: 15519548 cycles
//! ```
//!
//! **`C_PROGRAM`**: a small C workload compiled by the SDK's compiler at
//! `-Os` (its own start-up code, a sieve, an insertion sort, a CRC-16,
//! 32-bit multiply and divide), its results written to `$FFF9`:
//!
//! ```text
//! mos-sim-clang -Os -o prog prog.c
//! mos-sim --cycles prog | xxd     # 006d924c13589669, and: 352337 cycles
//! ```
//!
//! The images are `mos-sim`'s format (blocks of a 16-bit address, a 16-bit
//! length and the bytes, little-endian; the last block sets the vectors at
//! `$FFFA`), written as hex; `xx*N` is the byte `xx` N times.
//!
//! `prog.c`:
//!
//! ```c

//! /* A small C workload for the cycle cross-check: a sieve, an insertion
//!  * sort, a CRC-16 and 16/32-bit multiply and divide, with the results
//!  * written to the simulator's output port. */
//! #include <stdint.h>
//! #define OUT (*(volatile uint8_t *)0xFFF9)
//! static uint8_t sieve[600];
//! static uint16_t table[64];
//! static void put16(uint16_t v) { OUT = v >> 8; OUT = v; }
//! int main(void) {
//!   uint16_t primes = 0;
//!   for (uint16_t i = 2; i < 600; i++) {
//!     if (!sieve[i]) {
//!       primes++;
//!       for (uint16_t j = i * 2; j < 600; j += i) sieve[j] = 1;
//!     }
//!   }
//!   put16(primes);
//!   uint16_t x = 12345;
//!   for (uint8_t i = 0; i < 64; i++) { x = x * 25173u + 13849u; table[i] = x; }
//!   for (uint8_t i = 1; i < 64; i++) {
//!     uint16_t v = table[i];
//!     int8_t j = i - 1;
//!     while (j >= 0 && table[j] > v) { table[j + 1] = table[j]; j--; }
//!     table[j + 1] = v;
//!   }
//!   uint16_t crc = 0xFFFF;
//!   for (uint8_t i = 0; i < 64; i++) {
//!     uint8_t b = table[i] >> 3;
//!     crc ^= (uint16_t)b << 8;
//!     for (uint8_t k = 0; k < 8; k++) crc = (crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1;
//!   }
//!   put16(crc);
//!   uint32_t acc = 1;
//!   for (uint16_t i = 1; i < 40; i++) { acc = acc * 31u + i; acc ^= acc / (i + 7); }
//!   put16(acc >> 16); put16(acc);
//!   return 0;
//! }
//! ```
//!
//! `gen.py`:
//!
//! ```python
//! # Generates cyc.s: every documented NMOS 6502 opcode in every addressing
//! # mode, indexed reads with and without a page crossing, branches taken, not
//! # taken and taken across a page, decimal ADC/SBC over all operands; a
//! # checksum of A, X, Y and P after each, written to stdout at the end.
//! out = []
//! def e(s): out.append(s)
//!
//! e('.section .text,"ax",@progbits')
//! e('.global _start')
//! e('_start:')
//! e('  ldx #$ff')
//! e('  txs')
//! e('  cld')
//! e('  lda #0')
//! e('  sta $40')
//! e('  sta $41')
//! # data: $3000-$31ff = x*7+3 pattern; zero page $60-$7f
//! e('  ldx #0')
//! e('fill:')
//! e('  txa')
//! e('  asl a')
//! e('  adc $40')   # some mixing
//! e('  sta $3000,x')
//! e('  eor #$a5')
//! e('  sta $3100,x')
//! e('  inx')
//! e('  bne fill')
//! e('  ldx #$1f')
//! e('zfill:')
//! e('  lda $3000,x')
//! e('  sta $60,x')
//! e('  dex')
//! e('  bpl zfill')
//! # pointers: $80/$81 -> $30f0 ; $82/$83 -> $3010 ; $ff/$00 wrap pointer
//! e('  lda #$f0'); e('  sta $80'); e('  lda #$30'); e('  sta $81')
//! e('  lda #$10'); e('  sta $82'); e('  lda #$30'); e('  sta $83')
//!
//! reads = ['ora','and','eor','adc','sbc','cmp','lda']
//! # modes: imm, zp, zp,x, abs, abs,x (no cross / cross), abs,y (no/cross), (zp,x), (zp),y no/cross
//! def setxy(x=None, y=None):
//!     if x is not None: e('  ldx #$%02x' % x)
//!     if y is not None: e('  ldy #$%02x' % y)
//!
//! def mix(): e('  jsr mix')
//!
//! n = 0
//! for clc in (0, 1):
//!   for op in reads:
//!     e('  %s' % ('clc' if clc == 0 else 'sec'))
//!     e('  lda #$%02x' % (0x35 + n % 200)); n += 7
//!     e('  %s #$%02x' % (op, 0x9c)); mix()
//!     e('  %s $65' % op); mix()
//!     setxy(x=3); e('  %s $65,x' % op); mix()
//!     setxy(x=0xf0); e('  %s $70,x' % op); mix()    # zp,x wraps within page zero
//!     e('  %s $3055' % op); mix()
//!     setxy(x=0x20); e('  %s $3010,x' % op); mix()
//!     setxy(x=0x20); e('  %s $30f0,x' % op); mix()  # crosses
//!     setxy(y=0x21); e('  %s $3010,y' % op); mix()
//!     setxy(y=0x31); e('  %s $30f0,y' % op); mix()  # crosses
//!     setxy(x=2); e('  %s ($80,x)' % op); mix()      # -> $3010
//!     setxy(x=0); e('  %s ($80,x)' % op); mix()      # -> $30f0
//!     setxy(y=5); e('  %s ($80),y' % op); mix()      # $30f5 no cross
//!     setxy(y=0x25); e('  %s ($80),y' % op); mix()   # $3115 crosses
//! for op, regs in (('ldx', ['#$33', '$66', '$60,y', '$3077', '$3010,y', '$30f0,y']),
//!                  ('ldy', ['#$44', '$67', '$61,x', '$3078', '$3010,x', '$30f0,x']),
//!                  ('cpx', ['#$33', '$66', '$3077']),
//!                  ('cpy', ['#$44', '$67', '$3078']),
//!                  ('bit', ['$68', '$3079', '$307a'])):
//!     for m in regs:
//!         e('  ldx #$31'); e('  ldy #$22'); e('  lda #$c3')
//!         if op == 'ldx' and m.endswith(',y'):
//!             e('  ldy #$%02x' % (0x40 if '30f0' in m else 0x10))
//!         if op == 'ldy' and m.endswith(',x'):
//!             e('  ldx #$%02x' % (0x40 if '30f0' in m else 0x10))
//!         e('  %s %s' % (op, m)); mix()
//! # stores
//! for op, reg, modes in (('sta', 'a', ['$90', '$90,x', '$3200', '$3200,x', '$32f0,x', '$3200,y', '$32f0,y', '($84,x)', '($86),y']),
//!                        ('stx', 'x', ['$91', '$91,y', '$3201']),
//!                        ('sty', 'y', ['$92', '$92,x', '$3202'])):
//!     e('  lda #$00'); e('  sta $84'); e('  lda #$33'); e('  sta $85')   # $3300
//!     e('  lda #$f8'); e('  sta $86'); e('  lda #$33'); e('  sta $87')   # $33f8
//!     for i, m in enumerate(modes):
//!         e('  lda #$%02x' % (0x11 * (i + 1) & 0xff)); e('  ldx #$%02x' % (0x13 + i)); e('  ldy #$%02x' % (0x17 + i))
//!         e('  %s %s' % (op, m))
//!         # read the stored byte back
//!         if m.startswith('('):
//!             if m.endswith(',x)'):
//!                 e('  lda ($84,x)')
//!             else:
//!                 e('  lda ($86),y')
//!         else:
//!             e('  lda %s' % m)
//!         mix()
//! # read-modify-write
//! for op in ('asl', 'lsr', 'rol', 'ror', 'inc', 'dec'):
//!     for c in ('clc', 'sec'):
//!         e('  %s' % c)
//!         e('  lda #$81')
//!         if op in ('asl', 'lsr', 'rol', 'ror'):
//!             e('  %s a' % op); mix()
//!         e('  %s $69' % op); e('  lda $69'); mix()
//!         e('  ldx #4'); e('  %s $69,x' % op); e('  lda $6d'); mix()
//!         e('  %s $3099' % op); e('  lda $3099'); mix()
//!         e('  ldx #$10'); e('  %s $3099,x' % op); e('  lda $30a9'); mix()
//!         e('  ldx #$80'); e('  %s $30c0,x' % op); e('  lda $3140'); mix()   # crosses: still 7
//! # transfers, flags, stack
//! for s in ['tax', 'tay', 'txa', 'tya', 'tsx', 'inx', 'iny', 'dex', 'dey', 'clc', 'sec', 'cli', 'sei', 'clv', 'nop', 'sed', 'cld']:
//!     e('  lda #$80'); e('  ldx #$7f'); e('  ldy #$01'); e('  %s' % s)
//!     if s == 'sed':
//!         e('  php'); e('  cld'); e('  pla')   # the fold's own ADC in binary
//!     mix()
//! e('  cli')
//! e('  tsx'); e('  stx $93'); e('  ldx #$c0'); e('  txs'); e('  tsx'); mix(); e('  ldx $93'); e('  txs')
//! e('  lda #$5a'); e('  pha'); e('  lda #0'); e('  pla'); mix()
//! e('  lda #$ff'); e('  pha'); e('  plp'); e('  php'); e('  pla'); mix()
//! e('  lda #$00'); e('  pha'); e('  plp'); e('  php'); e('  pla'); mix()
//! e('  cld')
//! # overflow via adc, clv
//! e('  clc'); e('  lda #$70'); e('  adc #$70'); mix(); e('  clv'); mix()
//! # branches: not taken, taken forward, taken backward
//! bi = 0
//! for br, setf, clrf in (('bpl', 'lda #$80', 'lda #$01'), ('bmi', 'lda #$01', 'lda #$80'),
//!                        ('bvc', 'bit $94', 'clv'), ('bvs', 'clv', 'bit $94'),
//!                        ('bcc', 'sec', 'clc'), ('bcs', 'clc', 'sec'),
//!                        ('bne', 'lda #0', 'lda #1'), ('beq', 'lda #1', 'lda #0')):
//!     # $94 holds $c0 (N and V set)
//!     e('  lda #$c0'); e('  sta $94')
//!     e('  %s' % setf); e('  %s br%d_no' % (br, bi)); mix()
//!     e('br%d_no:' % bi)
//!     e('  %s' % clrf); e('  %s br%d_fw' % (br, bi)); e('  lda #$ee'); mix()
//!     e('br%d_fw:' % bi); mix()
//!     e('  ldy #2')
//!     e('br%d_back:' % bi)
//!     e('  dey'); e('  beq br%d_done' % bi)
//!     e('  %s' % clrf); e('  %s br%d_back' % (br, bi))
//!     e('br%d_done:' % bi); mix()
//!     bi += 1
//! # branches across a page: forward into the next page, backward into the previous
//! for i, (br, f) in enumerate((('bne', 'lda #1'), ('beq', 'lda #0'), ('bcc', 'clc'), ('bcs', 'sec'),
//!                              ('bpl', 'lda #1'), ('bmi', 'lda #$80'), ('bvc', 'clv'))):
//!     e('  jmp px%d_go' % i)
//!     e('  .balign 256')
//!     e('  .fill 240, 1, 0xea')
//!     e('px%d_go:' % i)
//!     e('  %s' % f)
//!     e('  %s px%d_fw' % (br, i))        # at $xxF2.., target in next page
//!     e('  .fill 20, 1, 0xea')
//!     e('px%d_fw:' % i); mix()
//!     e('  ldy #2')
//!     e('  jmp px%d_b2' % i)
//!     e('  .balign 256')
//!     e('  .fill 250, 1, 0xea')
//!     e('px%d_back:' % i)
//!     e('  dey')
//!     e('  beq px%d_done' % i)
//!     e('  jmp px%d_b2' % i)
//!     e('px%d_b2:' % i)
//!     e('  %s' % f)
//!     e('  %s px%d_back' % (br, i))    # backward into the previous page
//!     e('px%d_done:' % i); mix()
//! # jmp indirect with the page bug
//! e('  lda #<jind_ok'); e('  sta $34ff'); e('  lda #>jind_ok'); e('  sta $3400')
//! e('  lda #>jind_bad'); e('  sta $3500')
//! e('  jmp ($34ff)')
//! e('jind_bad:'); e('  lda #$bd'); mix()
//! e('jind_ok:'); e('  lda #$0d'); mix()
//! e('  lda #<jind2'); e('  sta $3480'); e('  lda #>jind2'); e('  sta $3481'); e('  jmp ($3480)')
//! e('jind2:'); mix()
//! # jsr / rts, brk / rti
//! e('  jsr sub1'); mix()
//! e('  lda #<brkh'); e('  sta $fffe'); e('  lda #>brkh'); e('  sta $ffff')
//! e('  lda #$42'); e('  sec')
//! e('  brk'); e('  .byte $ea')
//! e('  php'); e('  pla'); mix()
//! # binary ADC/SBC, every accumulator, every third operand, both carries
//! e('  ldx #0')
//! e('bouter:')
//! e('  stx $95')
//! e('  ldy #0')
//! e('binner:')
//! e('  sty $96')
//! for c in ('clc', 'sec'):
//!     for op in ('adc', 'sbc'):
//!         e('  %s' % c); e('  lda $95'); e('  %s $96' % op); e('  php'); e('  jsr addbyte'); e('  pla'); e('  jsr addbyte')
//! e('  ldy $96')
//! e('  iny'); e('  iny'); e('  iny')   # 0, 3, ..., 255, 2, ...: stops at 2
//! e('  cpy #$02')
//! e('  bne binner')
//! e('  ldx $95')
//! e('  inx')
//! e('  bne bouter')
//! # decimal ADC/SBC over every pair of BCD operands, both carries: the
//! # results and the carry are folded, not N, V and Z (mos-sim's decimal flags
//! # are not the NMOS chip's: the unit tests check ours against VICE's)
//! e('  lda #0')
//! e('douter:')
//! e('  sta $95')
//! e('  lda #0')
//! e('dinner:')
//! e('  sta $96')
//! e('  sed')
//! for c in ('clc', 'sec'):
//!     for op in ('adc', 'sbc'):
//!         e('  sed'); e('  %s' % c); e('  lda $95'); e('  %s $96' % op); e('  php'); e('  cld'); e('  jsr addbyte'); e('  pla'); e('  and #$01'); e('  jsr addbyte')
//! e('  sed')
//! e('  lda $96'); e('  clc'); e('  adc #1')    # a BCD count: 00..99
//! e('  cld')
//! e('  bcc dinner')
//! e('  sed')
//! e('  lda $95'); e('  clc'); e('  adc #1')
//! e('  cld')
//! e('  bcc douter')
//! # output the checksum and exit
//! e('  lda $41'); e('  sta $fff9'); e('  lda $40'); e('  sta $fff9')
//! e('  lda #0'); e('  sta $fff8')
//! # subroutines
//! e('sub1:'); e('  lda #$77'); e('  tsx'); e('  rts')
//! e('brkh:'); e('  php'); e('  pla'); e('  jsr addbyte'); e('  tsx'); e('  lda $0102,x'); e('  jsr addbyte'); e('  lda $0103,x'); e('  jsr addbyte'); e('  rti')
//! e('addbyte:')
//! e('  pha'); e('  asl $40'); e('  rol $41'); e('  lda $40'); e('  adc #0'); e('  sta $40')
//! e('  pla'); e('  clc'); e('  adc $40'); e('  sta $40'); e('  bcc 1f'); e('  inc $41'); e('1:'); e('  rts')
//! e('mix:')
//! e('  php'); e('  sta $43'); e('  stx $44'); e('  sty $45')
//! e('  pla'); e('  jsr addbyte'); e('  lda $43'); e('  jsr addbyte'); e('  lda $44'); e('  jsr addbyte'); e('  lda $45'); e('  jsr addbyte')
//! e('  lda $43'); e('  ldx $44'); e('  ldy $45'); e('  rts')
//! print('\n'.join(out))
//! ```

/// The opcode walk: its image, its output, its cycles.
pub const OPCODES: &str = "\
00025228a2ff9ad8a90085408541a2008a0a65409d003049a59d0031e8d0f1a21fbd00309560ca10f8a9f08580a9308581a9 \
108582a930858318a935099c20312a056520312aa203156520312aa2f0157020312a0d553020312aa2201d103020312aa220 \
1df03020312aa02119103020312aa03119f03020312aa202018020312aa200018020312aa005118020312aa025118020312a \
18a93c299c20312a256520312aa203356520312aa2f0357020312a2d553020312aa2203d103020312aa2203df03020312aa0 \
2139103020312aa03139f03020312aa202218020312aa200218020312aa005318020312aa025318020312a18a943499c2031 \
2a456520312aa203556520312aa2f0557020312a4d553020312aa2205d103020312aa2205df03020312aa02159103020312a \
a03159f03020312aa202418020312aa200418020312aa005518020312aa025518020312a18a94a699c20312a656520312aa2 \
03756520312aa2f0757020312a6d553020312aa2207d103020312aa2207df03020312aa02179103020312aa03179f0302031 \
2aa202618020312aa200618020312aa005718020312aa025718020312a18a951e99c20312ae56520312aa203f56520312aa2 \
f0f57020312aed553020312aa220fd103020312aa220fdf03020312aa021f9103020312aa031f9f03020312aa202e1802031 \
2aa200e18020312aa005f18020312aa025f18020312a18a958c99c20312ac56520312aa203d56520312aa2f0d57020312acd \
553020312aa220dd103020312aa220ddf03020312aa021d9103020312aa031d9f03020312aa202c18020312aa200c1802031 \
2aa005d18020312aa025d18020312a18a95fa99c20312aa56520312aa203b56520312aa2f0b57020312aad553020312aa220 \
bd103020312aa220bdf03020312aa021b9103020312aa031b9f03020312aa202a18020312aa200a18020312aa005b1802031 \
2aa025b18020312a38a966099c20312a056520312aa203156520312aa2f0157020312a0d553020312aa2201d103020312aa2 \
201df03020312aa02119103020312aa03119f03020312aa202018020312aa200018020312aa005118020312aa02511802031 \
2a38a96d299c20312a256520312aa203356520312aa2f0357020312a2d553020312aa2203d103020312aa2203df03020312a \
a02139103020312aa03139f03020312aa202218020312aa200218020312aa005318020312aa025318020312a38a974499c20 \
312a456520312aa203556520312aa2f0557020312a4d553020312aa2205d103020312aa2205df03020312aa0215910302031 \
2aa03159f03020312aa202418020312aa200418020312aa005518020312aa025518020312a38a97b699c20312a656520312a \
a203756520312aa2f0757020312a6d553020312aa2207d103020312aa2207df03020312aa02179103020312aa03179f03020 \
312aa202618020312aa200618020312aa005718020312aa025718020312a38a982e99c20312ae56520312aa203f56520312a \
a2f0f57020312aed553020312aa220fd103020312aa220fdf03020312aa021f9103020312aa031f9f03020312aa202e18020 \
312aa200e18020312aa005f18020312aa025f18020312a38a989c99c20312ac56520312aa203d56520312aa2f0d57020312a \
cd553020312aa220dd103020312aa220ddf03020312aa021d9103020312aa031d9f03020312aa202c18020312aa200c18020 \
312aa005d18020312aa025d18020312a38a990a99c20312aa56520312aa203b56520312aa2f0b57020312aad553020312aa2 \
20bd103020312aa220bdf03020312aa021b9103020312aa031b9f03020312aa202a18020312aa200a18020312aa005b18020 \
312aa025b18020312aa231a022a9c3a23320312aa231a022a9c3a66620312aa231a022a9c3a010b66020312aa231a022a9c3 \
ae773020312aa231a022a9c3a010be103020312aa231a022a9c3a040bef03020312aa231a022a9c3a04420312aa231a022a9 \
c3a46720312aa231a022a9c3a210b46120312aa231a022a9c3ac783020312aa231a022a9c3a210bc103020312aa231a022a9 \
c3a240bcf03020312aa231a022a9c3e03320312aa231a022a9c3e46620312aa231a022a9c3ec773020312aa231a022a9c3c0 \
4420312aa231a022a9c3c46720312aa231a022a9c3cc783020312aa231a022a9c3246820312aa231a022a9c32c793020312a \
a231a022a9c32c7a3020312aa9008584a9338585a9f88586a9338587a911a213a0178590a59020312aa922a214a0189590b5 \
9020312aa933a215a0198d0032ad003220312aa944a216a01a9d0032bd003220312aa955a217a01b9df032bdf03220312aa9 \
66a218a01c990032b9003220312aa977a219a01d99f032b9f03220312aa988a21aa01e8184a18420312aa999a21ba01f9186 \
b18620312aa9008584a9338585a9f88586a9338587a911a213a0178691a59120312aa922a214a0189691b9910020312aa933 \
a215a0198e0132ad013220312aa9008584a9338585a9f88586a9338587a911a213a0178492a59220312aa922a214a0189492 \
b59220312aa933a215a0198c0232ad023220312a18a9810a20312a0669a56920312aa2041669a56d20312a0e9930ad993020 \
312aa2101e9930ada93020312aa2801ec030ad403120312a38a9810a20312a0669a56920312aa2041669a56d20312a0e9930 \
ad993020312aa2101e9930ada93020312aa2801ec030ad403120312a18a9814a20312a4669a56920312aa2045669a56d2031 \
2a4e9930ad993020312aa2105e9930ada93020312aa2805ec030ad403120312a38a9814a20312a4669a56920312aa2045669 \
a56d20312a4e9930ad993020312aa2105e9930ada93020312aa2805ec030ad403120312a18a9812a20312a2669a56920312a \
a2043669a56d20312a2e9930ad993020312aa2103e9930ada93020312aa2803ec030ad403120312a38a9812a20312a2669a5 \
6920312aa2043669a56d20312a2e9930ad993020312aa2103e9930ada93020312aa2803ec030ad403120312a18a9816a2031 \
2a6669a56920312aa2047669a56d20312a6e9930ad993020312aa2107e9930ada93020312aa2807ec030ad403120312a38a9 \
816a20312a6669a56920312aa2047669a56d20312a6e9930ad993020312aa2107e9930ada93020312aa2807ec030ad403120 \
312a18a981e669a56920312aa204f669a56d20312aee9930ad993020312aa210fe9930ada93020312aa280fec030ad403120 \
312a38a981e669a56920312aa204f669a56d20312aee9930ad993020312aa210fe9930ada93020312aa280fec030ad403120 \
312a18a981c669a56920312aa204d669a56d20312ace9930ad993020312aa210de9930ada93020312aa280dec030ad403120 \
312a38a981c669a56920312aa204d669a56d20312ace9930ad993020312aa210de9930ada93020312aa280dec030ad403120 \
312aa980a27fa001aa20312aa980a27fa001a820312aa980a27fa0018a20312aa980a27fa0019820312aa980a27fa001ba20 \
312aa980a27fa001e820312aa980a27fa001c820312aa980a27fa001ca20312aa980a27fa0018820312aa980a27fa0011820 \
312aa980a27fa0013820312aa980a27fa0015820312aa980a27fa0017820312aa980a27fa001b820312aa980a27fa001ea20 \
312aa980a27fa001f808d86820312aa980a27fa001d820312a58ba8693a2c09aba20312aa6939aa95a48a9006820312aa9ff \
4828086820312aa9004828086820312ad818a970697020312ab820312aa9c08594a980100320312aa9011005a9ee20312a20 \
312aa00288f004a90110f920312aa9c08594a901300320312aa9803005a9ee20312a20312aa00288f004a98030f920312aa9 \
c085942494500320312ab85005a9ee20312a20312aa00288f003b850fa20312aa9c08594b8700320312a24947005a9ee2031 \
2a20312aa00288f004249470f920312aa9c0859438900320312a189005a9ee20312a20312aa00288f0031890fa20312aa9c0 \
859418b00320312a38b005a9ee20312a20312aa00288f00338b0fa20312aa9c08594a900d00320312aa901d005a9ee20312a \
20312aa00288f004a901d0f920312aa9c08594a901f00320312aa900f005a9ee20312a20312aa00288f004a900f0f920312a \
4cf00e ea*313 a901d014 ea*20 20312aa0024c0011 ea*490 88f0074c0011a901d0f620312a4cf012 ea*486 \
a900f014 ea*20 20312aa0024c0015 ea*490 88f0074c0015a900f0f620312a4cf016 ea*486 189014 ea*20 \
20312aa0024c0019 ea*491 88f0064c00191890f720312a4cf01a ea*487 38b014 ea*20 20312aa0024c001d ea*491 \
88f0064c001d38b0f720312a4cf01e ea*487 a9011014 ea*20 20312aa0024c0021 ea*490 \
88f0074c0021a90110f620312a4cf022 ea*486 a9803014 ea*20 20312aa0024c0025 ea*490 \
88f0074c0025a98030f620312a4cf026 ea*486 b85014 ea*20 20312aa0024c0029 ea*491 \
88f0064c0029b850f720312aa91d8dff34a9298d0034a9298d00356cff34a9bd20312aa90d20312aa92f8d8034a9298d8134 \
6c803420312a20042a20312aa9088dfeffa92a8dffffa9423800ea086820312aa2008695a000849618a595659608201b2a68 \
201b2a18a595e59608201b2a68201b2a38a595659608201b2a68201b2a38a595e59608201b2a68201b2aa496c8c8c8c002d0 \
c1a695e8d0b8a9008595a9008596f8f818a595659608d8201b2a682901201b2af818a595e59608d8201b2a682901201b2af8 \
38a595659608d8201b2a682901201b2af838a595e59608d8201b2a682901201b2af8a596186901d890b0f8a595186901d890 \
a3a5418df9ffa5408df9ffa9008df8ffa977ba600868201b2ababd0201201b2abd0301201b2a404806402641a54069008540 \
6818654085409002e641600885438644844568201b2aa543201b2aa544201b2aa545201b2aa543a644a44560faff06000000 \
00020000 \
";
/// What `OPCODES` writes to `$FFF9`.
pub const OPCODES_OUTPUT: &[u8] = &[0x91, 0xE2];
/// `OPCODES`' cycles, as `mos-sim --cycles` counts them.
pub const OPCODES_CYCLES: u64 = 15_519_548;

/// The C workload: its image, its output, its cycles.
pub const C_PROGRAM: &str = "\
0002a702a9f08500a9ff85012021024c0f02608d7f078e8007200e02ae8007ad7f07207004a002a900aa862084028503a9a7 \
1865028504a90465038505a000b104f0034cb302a4208404e604d001e8a403c001d009a402c02c90094caf02a403c001b04f \
a5020a8507a40384052605a4058406a4078405a9a71865058507a50685098408a9046506a40784068507a000a9019106a508 \
1865028507a50965038506c902d009a407c05890c84caf02a8c00290c0a4048420a503a402c8d00318690184028503c902f0 \
034c2c0284028503c058f0034c2c028ef9ffa6208ef9ffa2308622a2398621a2008620a2558602a2628603a622a521207304 \
18691985038a69368502a420a503852199ff06a5028522990007189869028520c980d0cda900a2018508a8b9010785098602 \
be0207a402840bc602860aa000a5020a8503982a8504a9ff1865038505a90665048503a50585068504a50385078505b10485 \
0cc8b1048503e403d00f850da60c8603a409c403b0454c7b03850d8503e403b03aa5068504a40784051869028506a5076900 \
8507a002a50c910488a50d9106a50238e90150024980c602a60aa830034c3303a5021042a9ff4cf403a60ba90006022a8503 \
a9ff186502a8a9066503840285038505189869028504a50569008505a002a509910288a50a9104e818a5086902e040f00a4c \
1e03a900a60b4cb903a0ffa900aa8620ca84024c32044921aaa504491088f012850285048a0a2604a60230eaaaa5044c0d04 \
a420c8188502a50369028420c040f01e8503a8b9ff0648b90007a868840446046a46046a46046a4502a0084c1004a4028cf9 \
ff8ef9ffa2138ef9ffa2588ef9ffa2968ef9ffa2698ef9ffa2008a608df8ffa403d004a402f02585048605a000a200460366 \
02900998186504a88a6505aa06042605a503d0e9a502d0e59860a000a2004c9e04faff0600000000020000 \
";
/// What `C_PROGRAM` writes to `$FFF9`.
pub const C_PROGRAM_OUTPUT: &[u8] = &[0x00, 0x6D, 0x92, 0x4C, 0x13, 0x58, 0x96, 0x69];
/// `C_PROGRAM`'s cycles, as `mos-sim --cycles` counts them.
pub const C_PROGRAM_CYCLES: u64 = 352_337;
