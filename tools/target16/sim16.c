/*
 * sim16: run the target16 firmware in simavr at 16 MHz.
 *
 *   sim16 MCU ELF MAX_CYCLES RAM_FLOOR
 *
 * MCU is a simavr core name (atmega1284p), simulated with all of its 64 KB
 * data space as RAM. RAM_FLOOR is the first RAM byte above .data/.bss (the
 * ELF symbol `_end`).
 *
 * stdout: each UART0 line as "<cycle> <text>", <cycle> being the CPU cycle at
 * which its '\n' was written; then "cycles <total>" and
 * "stack <peak bytes> <bytes between RAM_FLOOR and the deepest stack>".
 *
 * Exit 0 only if the firmware printed "END" and no "PANIC" line, within
 * MAX_CYCLES, and its stack pointer never went below RAM_FLOOR. The stack is
 * watched because an AVR has no fault for it: an overflowing stack silently
 * overwrites statics, and the engine's tables leave little RAM for it.
 *
 * Built by ./run: gcc sim16.c -lsimavr -lelf
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simavr/sim_avr.h>
#include <simavr/sim_elf.h>
#include <simavr/avr_uart.h>

static FILE *out; /* our stdout; simavr's own chatter goes to stderr */
static avr_t *avr;
static char line[256];
static size_t len;
static int saw_end, saw_panic;

/* Optional profile (env SIM16_PROFILE=FILE): cycles spent at each program
 * address, written per workload section as "section NAME" then "PC CYCLES"
 * lines. The per-instruction cost is exact: simavr counts each cycle. */
static FILE *prof_out;
static uint64_t *prof; /* cycles by word address */
static size_t prof_words;

static void prof_dump(const char *next_section)
{
	for (size_t w = 0; w < prof_words; w++)
		if (prof[w]) {
			fprintf(prof_out, "%zx %llu\n", w * 2, (unsigned long long)prof[w]);
			prof[w] = 0;
		}
	if (next_section)
		fprintf(prof_out, "section %s\n", next_section);
}

/* UART0 byte hook: cut lines, stamp them with the cycle, spot markers. */
static void uart_byte(struct avr_irq_t *irq, uint32_t value, void *param)
{
	(void)irq;
	(void)param;
	if (value != '\n') {
		if (len < sizeof line - 1)
			line[len++] = (char)value;
		return;
	}
	line[len] = 0;
	fprintf(out, "%llu %s\n", (unsigned long long)avr->cycle, line);
	fflush(out);
	if (prof && strncmp(line, "section ", 8) == 0)
		prof_dump(line + 8);
	if (strncmp(line, "PANIC", 5) == 0 || strcmp(line, "END PANIC") == 0)
		saw_panic = 1;
	if (strncmp(line, "END", 3) == 0) /* "END" or "END PANIC": stop */
		saw_end = 1;
	len = 0;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s MCU ELF MAX_CYCLES RAM_FLOOR\n", argv[0]);
		return 2;
	}
	const char *mcu = argv[1], *elf = argv[2];
	unsigned long long max_cycles = strtoull(argv[3], NULL, 0);
	long floor = strtol(argv[4], NULL, 0);

	out = fdopen(dup(1), "w");
	dup2(2, 1); /* simavr printf()s (UART baud notes) must not mix in */

	elf_firmware_t fw;
	memset(&fw, 0, sizeof fw);
	if (elf_read_firmware(elf, &fw) != 0) {
		fprintf(stderr, "sim16: cannot read %s\n", elf);
		return 2;
	}
	avr = avr_make_mcu_by_name(mcu);
	if (!avr) {
		fprintf(stderr, "sim16: no %s in this simavr\n", mcu);
		return 2;
	}
	/* The whole 64 KB data space is RAM, as an ATmega's external-memory
	 * interface gives it (and as the C64 has it): this run checks 16-bit
	 * arithmetic, not the 16 KB of one chip, and LLVM's AVR backend copies
	 * every constant table into RAM. The firmware's stack starts at the top
	 * (see firmware/.cargo/config.toml). avr_init() sizes RAM from this. */
	avr->ramend = 0xFFFF;
	if (avr_init(avr) != 0) {
		fprintf(stderr, "sim16: no %s in this simavr\n", mcu);
		return 2;
	}
	avr->frequency = 16000000;
	avr_load_firmware(avr, &fw);
	if (floor <= 0 || floor > avr->ramend) {
		fprintf(stderr, "sim16: RAM_FLOOR 0x%lx outside RAM\n", floor);
		return 2;
	}

	/* No usleep() while the firmware polls the UART, no echo of it. */
	uint32_t flags = 0;
	avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
	avr_irq_register_notify(
		avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT),
		uart_byte, NULL);

	/* avr_run() executes one instruction, so SP is seen at every step; it
	 * points at the next free byte. SP reads 0 until the startup code sets
	 * it to RAMEND. cpu_Done is simavr's reading of "sleep with interrupts
	 * off", the firmware's way to stop. */
	const char *prof_path = getenv("SIM16_PROFILE");
	if (prof_path) {
		prof_words = (avr->flashend + 1) / 2;
		prof = calloc(prof_words, sizeof *prof);
		prof_out = fopen(prof_path, "w");
		if (!prof || !prof_out) {
			fprintf(stderr, "sim16: cannot profile to %s\n", prof_path);
			return 2;
		}
		fprintf(prof_out, "section startup\n");
	}
	int state = cpu_Running;
	long min_sp = avr->ramend;
	while (!saw_end && state != cpu_Done && state != cpu_Crashed &&
	       avr->cycle < max_cycles) {
		avr_flashaddr_t pc = avr->pc;
		uint64_t before = avr->cycle;
		state = avr_run(avr);
		if (prof && pc / 2 < prof_words)
			prof[pc / 2] += avr->cycle - before;
		long sp = avr->data[R_SPL] | avr->data[R_SPH] << 8;
		if (sp != 0 && sp < min_sp)
			min_sp = sp;
	}

	if (prof) {
		prof_dump(NULL);
		fclose(prof_out);
	}
	fprintf(out, "cycles %llu\n", (unsigned long long)avr->cycle);
	fprintf(out, "stack %ld %ld\n", avr->ramend - min_sp, min_sp + 1 - floor);
	fflush(out);

	if (saw_panic) {
		fprintf(stderr, "sim16: firmware panicked\n");
		return 1;
	}
	if (min_sp < floor) {
		fprintf(stderr, "sim16: stack overflow: SP reached 0x%lx, below "
			"the end of .data/.bss at 0x%lx\n", min_sp, floor);
		return 1;
	}
	if (!saw_end) {
		fprintf(stderr, "sim16: no END after %llu cycles (%s)\n",
			(unsigned long long)avr->cycle,
			state == cpu_Crashed ? "crashed" :
			state == cpu_Done ? "stopped" : "cycle limit");
		return 1;
	}
	return 0;
}
